from chacharand._generator import Generator as Generator, default_rng as default_rng

__all__ = ["Generator", "default_rng"]
