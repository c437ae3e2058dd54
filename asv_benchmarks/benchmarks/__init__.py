"""asv benchmarks for chacharand (see ../asv.conf.json)."""
