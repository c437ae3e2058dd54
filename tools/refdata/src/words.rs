//! `--words` mode: raw 64-bit words for arbitrary keys, streams and
//! positions, for the stream-freeze data (tools/record_stream_freeze.py).
//!
//! Reads requests from standard input, one a line:
//!
//!     ALG KEY_HEX STREAM WORD_POS SKIP COUNT
//!
//! ALG is ChaCha8, ChaCha12, ChaCha20, HC128, ISAAC or ISAAC64.  KEY_HEX is
//! the key in bytes: 32 bytes go to `from_seed`; a longer ISAAC/ISAAC64 key
//! (up to 1024/2048 bytes, zero-padded) fills the whole seed array through
//! `from_rng`, which reads it as little-endian words.  STREAM and WORD_POS
//! (decimal; ChaCha only, else 0) are set with `set_stream` and
//! `set_word_pos`.  Then SKIP results of `next_u64` are dropped and COUNT
//! are written, as decimal numbers on one line.

use rand_chacha::{ChaCha12Rng, ChaCha20Rng, ChaCha8Rng};
use rand_core::{Error, RngCore, SeedableRng};
use rand_hc::Hc128Rng;
use rand_isaac::{Isaac64Rng, IsaacRng};
use std::io::{BufRead, Write};

/// An RngCore that hands out fixed bytes (then zeros): how a full-length
/// ISAAC key reaches `from_rng`.
struct Bytes {
    data: Vec<u8>,
    pos: usize,
}

impl RngCore for Bytes {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        self.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }
    fn next_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for d in dest.iter_mut() {
            *d = self.data.get(self.pos).copied().unwrap_or(0);
            self.pos += 1;
        }
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

fn key32(key: &[u8]) -> [u8; 32] {
    let mut k = [0u8; 32];
    assert!(key.len() <= 32, "key longer than 32 bytes");
    k[..key.len()].copy_from_slice(key);
    k
}

fn chacha<R: SeedableRng<Seed = [u8; 32]> + RngCore + 'static>(
    key: &[u8],
    set: impl FnOnce(&mut R),
) -> Box<dyn RngCore> {
    let mut r = R::from_seed(key32(key));
    set(&mut r);
    Box::new(r)
}

fn make(alg: &str, key: &[u8], stream: u64, word_pos: u128) -> Box<dyn RngCore> {
    macro_rules! seek {
        ($t:ty) => {
            chacha::<$t>(key, |r| {
                r.set_stream(stream);
                r.set_word_pos(word_pos);
            })
        };
    }
    if !alg.starts_with("ChaCha") {
        assert!(stream == 0 && word_pos == 0, "{} cannot seek", alg);
    }
    let full = |n: usize| {
        assert!(key.len() <= n, "key too long");
        Bytes { data: key.to_vec(), pos: 0 }
    };
    match alg {
        "ChaCha8" => seek!(ChaCha8Rng),
        "ChaCha12" => seek!(ChaCha12Rng),
        "ChaCha20" => seek!(ChaCha20Rng),
        "HC128" => Box::new(Hc128Rng::from_seed(key32(key))),
        "ISAAC" if key.len() <= 32 => Box::new(IsaacRng::from_seed(key32(key))),
        "ISAAC" => Box::new(IsaacRng::from_rng(full(1024)).unwrap()),
        "ISAAC64" if key.len() <= 32 => Box::new(Isaac64Rng::from_seed(key32(key))),
        "ISAAC64" => Box::new(Isaac64Rng::from_rng(full(2048)).unwrap()),
        _ => panic!("unknown algorithm {}", alg),
    }
}

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex length");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Answer every request line of standard input on standard output.
pub fn run() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let line = line.expect("read request");
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.is_empty() {
            continue;
        }
        assert_eq!(f.len(), 6, "bad request: {}", line);
        let mut g = make(
            f[0],
            &unhex(f[1]),
            f[2].parse().expect("stream"),
            f[3].parse().expect("word_pos"),
        );
        let skip: u64 = f[4].parse().expect("skip");
        let count: usize = f[5].parse().expect("count");
        for _ in 0..skip {
            g.next_u64();
        }
        let words: Vec<String> = (0..count).map(|_| g.next_u64().to_string()).collect();
        writeln!(out, "{}", words.join(" ")).expect("write");
    }
}
