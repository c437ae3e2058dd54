"""The ``families-table`` directive: the generator families, from the registry.

The table is made from :data:`chacharand._registry.FAMILIES` when the docs
are built, so it lists exactly the families the installed package has.
"""
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from chacharand._registry import FAMILIES


class FamiliesTable(SphinxDirective):
    has_content = False

    def run(self):
        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - Class",
            "     - Seekable streams",
            "     - Key",
            "     - Output words",
            "     - State fields",
            "     - Description",
        ]
        for f in FAMILIES:
            key = (f"{f.key_bytes} bytes" if f.key_exact
                   else f"up to {f.key_bytes} bytes")
            fields = ", ".join(f"``{name}``" for name in f.state_fields)
            lines += [
                f"   * - :class:`~chacharand.{f.name}`",
                f"     - {'yes' if f.seekable else 'no (use spawn)'}",
                f"     - {key}; a seed fills {8 * f.key_bytes} bits",
                f"     - {f.word_bits}-bit",
                f"     - {fields}",
                f"     - {f.summary}",
            ]
        holder = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, holder)
        return holder.children


def setup(app):
    app.add_directive("families-table", FamiliesTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
