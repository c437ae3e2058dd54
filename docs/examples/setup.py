"""Build cython_draws.pyx in place: ``python setup.py build_ext --inplace``.

It needs Cython, setuptools, NumPy and chacharand installed.  NumPy's
headers declare ``bitgen_t``; chacharand.get_include() holds the C headers
that chacharand's .pxd files refer to.
"""
import os

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup

import chacharand

# Where the imported chacharand's .pxd files are: Cython looks on sys.path,
# which an editable install (an import hook) is not on.
PACKAGE_PARENT = os.path.dirname(os.path.dirname(chacharand.__file__))

extension = Extension(
    "cython_draws",
    ["cython_draws.pyx"],
    include_dirs=[np.get_include(), chacharand.get_include()],
    define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_9_API_VERSION")],
)

setup(
    name="cython_draws",
    ext_modules=cythonize([extension], language_level=3,
                          include_path=[PACKAGE_PARENT]),
    zip_safe=False,
)
