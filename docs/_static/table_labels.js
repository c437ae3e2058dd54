// On a narrow screen the tables are shown one row per block (see
// chacharand.css); each cell then needs the name of its column, which this
// copies from the table's header into a data-label attribute.
document.addEventListener("DOMContentLoaded", () => {
  for (const table of document.querySelectorAll(".bd-article table")) {
    const names = [...table.querySelectorAll("thead th")].map(
      (th) => th.textContent.trim());
    if (names.length === 0) continue;
    table.classList.add("labelled");
    for (const row of table.querySelectorAll("tbody tr")) {
      [...row.children].forEach((cell, i) => {
        if (names[i]) cell.dataset.label = names[i];
      });
    }
  }
});
