//! Reference-data generator for chacharand.
//!
//! Drives the Rust crates rand_chacha 0.3, rand_hc 0.3 and rand_isaac 0.3
//! through scripted sequences of calls and records every result as JSON in
//! `tests/data/rand_{chacha,hc,isaac}.json` (schema: see README.md).
//!
//! Usage: `cargo run --release --offline [-- OUT_DIR]`, or `-- --words` for
//! raw words on request (see words.rs).
//! (OUT_DIR defaults to `<repo>/tests/data`).

use rand_chacha::{ChaCha12Rng, ChaCha20Rng, ChaCha8Rng};
use rand_core::{RngCore, SeedableRng};
use rand_hc::Hc128Rng;
use rand_isaac::{Isaac64Rng, IsaacRng};
use std::fmt::Write as _;
use std::path::PathBuf;

mod words;

const CARGO_LOCK: &str = include_str!("../Cargo.lock");
const REGEN_CMD: &str =
    "cd tools/refdata && cargo run --release --offline (see tools/refdata/README.md)";

const P32: u128 = 1 << 32;
const P63: u64 = 1 << 63;
const P64: u128 = 1 << 64;
const P68: u128 = 1 << 68;

// ---------------------------------------------------------------------------
// Operations and the generator abstraction
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Op {
    U32(usize),
    U64(usize),
    Bytes(usize),
    SetStream(u64),
    SetWordPos(u128),
    GetWordPos,
    GetStream,
}
use Op::*;

trait Gen {
    fn next32(&mut self) -> u32;
    fn next64(&mut self) -> u64;
    fn fill(&mut self, buf: &mut [u8]);
    fn set_stream(&mut self, _s: u64) {
        panic!("set_stream not supported by this generator")
    }
    fn set_word_pos(&mut self, _w: u128) {
        panic!("set_word_pos not supported by this generator")
    }
    fn get_word_pos(&self) -> u128 {
        panic!("get_word_pos not supported by this generator")
    }
    fn get_stream(&self) -> u64 {
        panic!("get_stream not supported by this generator")
    }
}

macro_rules! impl_gen_plain {
    ($t:ty) => {
        impl Gen for $t {
            fn next32(&mut self) -> u32 {
                self.next_u32()
            }
            fn next64(&mut self) -> u64 {
                self.next_u64()
            }
            fn fill(&mut self, buf: &mut [u8]) {
                self.fill_bytes(buf)
            }
        }
    };
}
impl_gen_plain!(Hc128Rng);
impl_gen_plain!(IsaacRng);
impl_gen_plain!(Isaac64Rng);

macro_rules! impl_gen_chacha {
    ($t:ty) => {
        impl Gen for $t {
            fn next32(&mut self) -> u32 {
                self.next_u32()
            }
            fn next64(&mut self) -> u64 {
                self.next_u64()
            }
            fn fill(&mut self, buf: &mut [u8]) {
                self.fill_bytes(buf)
            }
            fn set_stream(&mut self, s: u64) {
                <$t>::set_stream(self, s)
            }
            fn set_word_pos(&mut self, w: u128) {
                <$t>::set_word_pos(self, w)
            }
            fn get_word_pos(&self) -> u128 {
                <$t>::get_word_pos(self)
            }
            fn get_stream(&self) -> u64 {
                <$t>::get_stream(self)
            }
        }
    };
}
impl_gen_chacha!(ChaCha8Rng);
impl_gen_chacha!(ChaCha12Rng);
impl_gen_chacha!(ChaCha20Rng);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Alg {
    ChaCha8,
    ChaCha12,
    ChaCha20,
    Hc128,
    Isaac,
    Isaac64,
}

impl Alg {
    fn name(self) -> &'static str {
        match self {
            Alg::ChaCha8 => "ChaCha8",
            Alg::ChaCha12 => "ChaCha12",
            Alg::ChaCha20 => "ChaCha20",
            Alg::Hc128 => "HC128",
            Alg::Isaac => "ISAAC",
            Alg::Isaac64 => "ISAAC64",
        }
    }
    fn is_chacha(self) -> bool {
        matches!(self, Alg::ChaCha8 | Alg::ChaCha12 | Alg::ChaCha20)
    }
    fn make(self, key: [u8; 32]) -> Box<dyn Gen> {
        match self {
            Alg::ChaCha8 => Box::new(ChaCha8Rng::from_seed(key)),
            Alg::ChaCha12 => Box::new(ChaCha12Rng::from_seed(key)),
            Alg::ChaCha20 => Box::new(ChaCha20Rng::from_seed(key)),
            Alg::Hc128 => Box::new(Hc128Rng::from_seed(key)),
            Alg::Isaac => Box::new(IsaacRng::from_seed(key)),
            Alg::Isaac64 => Box::new(Isaac64Rng::from_seed(key)),
        }
    }
}

// ---------------------------------------------------------------------------
// Cases and JSON output
// ---------------------------------------------------------------------------

struct Case {
    name: String,
    alg: Alg,
    key: [u8; 32],
    stream: u64,
    word_pos: u128,
    ops: Vec<Op>,
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        write!(s, "{:02x}", b).unwrap();
    }
    s
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            c if (c as u32) < 0x20 => write!(o, "\\u{:04x}", c as u32).unwrap(),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn hex_list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    let parts: Vec<String> = items.iter().map(|x| format!("\"{}\"", f(x))).collect();
    format!("[{}]", parts.join(","))
}

/// Build the generator for a case, run its ops, and render the case as JSON.
fn run_case(c: &Case) -> String {
    let mut g = c.alg.make(c.key);
    if c.alg.is_chacha() {
        // Initial positioning: set_stream first, then set_word_pos, each only
        // when non-zero (a fresh generator is at stream 0, word 0).
        if c.stream != 0 {
            g.set_stream(c.stream);
        }
        if c.word_pos != 0 {
            g.set_word_pos(c.word_pos);
        }
    } else {
        assert!(c.stream == 0 && c.word_pos == 0);
    }
    let mut ops_json = Vec::new();
    for op in &c.ops {
        let j = match *op {
            U32(n) => {
                let v: Vec<u32> = (0..n).map(|_| g.next32()).collect();
                format!(
                    "{{\"op\":\"u32\",\"n\":{},\"out\":{}}}",
                    n,
                    hex_list(&v, |x| format!("{:08x}", x))
                )
            }
            U64(n) => {
                let v: Vec<u64> = (0..n).map(|_| g.next64()).collect();
                format!(
                    "{{\"op\":\"u64\",\"n\":{},\"out\":{}}}",
                    n,
                    hex_list(&v, |x| format!("{:016x}", x))
                )
            }
            Bytes(n) => {
                let mut buf = vec![0u8; n];
                g.fill(&mut buf);
                format!("{{\"op\":\"bytes\",\"n\":{},\"out\":\"{}\"}}", n, hex(&buf))
            }
            SetStream(s) => {
                g.set_stream(s);
                format!("{{\"op\":\"set_stream\",\"value\":\"{}\"}}", s)
            }
            SetWordPos(w) => {
                g.set_word_pos(w);
                format!("{{\"op\":\"set_word_pos\",\"value\":\"{}\"}}", w)
            }
            GetWordPos => format!("{{\"op\":\"get_word_pos\",\"out\":\"{}\"}}", g.get_word_pos()),
            GetStream => format!("{{\"op\":\"get_stream\",\"out\":\"{}\"}}", g.get_stream()),
        };
        ops_json.push(j);
    }
    let mut s = String::new();
    write!(
        s,
        "  {{\"name\": {},\n   \"algorithm\": \"{}\",\n   \"key_hex\": \"{}\",\n",
        json_str(&c.name),
        c.alg.name(),
        hex(&c.key)
    )
    .unwrap();
    if c.alg.is_chacha() {
        write!(
            s,
            "   \"stream\": \"{}\", \"word_pos\": \"{}\",\n",
            c.stream, c.word_pos
        )
        .unwrap();
    }
    s.push_str("   \"ops\": [\n    ");
    s.push_str(&ops_json.join(",\n    "));
    s.push_str("\n   ]}");
    s
}

fn render_file(generator: &str, note: &str, cases: &[Case]) -> String {
    let mut names = std::collections::HashSet::new();
    for c in cases {
        assert!(names.insert(c.name.clone()), "duplicate case name {}", c.name);
    }
    let body: Vec<String> = cases.iter().map(run_case).collect();
    format!(
        "{{\"generator\": {},\n \"note\": {},\n \"cases\": [\n{}\n]}}\n",
        json_str(generator),
        json_str(note),
        body.join(",\n")
    )
}

fn lock_version(krate: &str) -> String {
    let needle = format!("name = \"{}\"", krate);
    let mut lines = CARGO_LOCK.lines();
    while let Some(l) = lines.next() {
        if l.trim() == needle {
            let v = lines.next().expect("version line");
            let v = v.trim().strip_prefix("version = \"").expect("version line");
            return v.trim_end_matches('"').to_string();
        }
    }
    panic!("crate {} not found in Cargo.lock", krate)
}

// ---------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------

/// SplitMix64, used only to derive deterministic "pseudo-random" keys.
fn splitmix_key(seed: u64) -> [u8; 32] {
    let mut x = seed;
    let mut key = [0u8; 32];
    for chunk in key.chunks_mut(8) {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        chunk.copy_from_slice(&z.to_le_bytes());
    }
    key
}

fn key_zero() -> [u8; 32] {
    [0u8; 32]
}
fn key_seq() -> [u8; 32] {
    let mut k = [0u8; 32];
    for (i, b) in k.iter_mut().enumerate() {
        *b = i as u8;
    }
    k
}
fn key_ff() -> [u8; 32] {
    [0xffu8; 32]
}
fn key_byte(pos: usize, val: u8) -> [u8; 32] {
    let mut k = [0u8; 32];
    k[pos] = val;
    k
}

/// Named keys shared by all generators.
fn common_keys() -> Vec<(&'static str, [u8; 32])> {
    vec![
        ("zero", key_zero()),
        ("seq", key_seq()),
        ("ff", key_ff()),
        ("prng1", splitmix_key(1)),
        ("prng2", splitmix_key(0xdead_beef)),
        ("prng3", splitmix_key(20240601)),
    ]
}

// ---------------------------------------------------------------------------
// Case builders
// ---------------------------------------------------------------------------

fn case(name: String, alg: Alg, key: [u8; 32], ops: Vec<Op>) -> Case {
    Case { name, alg, key, stream: 0, word_pos: 0, ops }
}

fn chacha_cases(alg: Alg) -> Vec<Case> {
    let a = alg.name();
    let keys = common_keys();
    let mut out = Vec::new();
    let cc = |name: String, key: [u8; 32], stream: u64, word_pos: u128, ops: Vec<Op>| Case {
        name,
        alg,
        key,
        stream,
        word_pos,
        ops,
    };

    // 1. Basic draws for every key.
    for (kn, k) in &keys {
        out.push(cc(
            format!("{a}/{kn}/basic"),
            *k,
            0,
            0,
            vec![
                GetWordPos, GetStream, U32(16), GetWordPos, U64(8), GetWordPos, Bytes(64),
                GetWordPos, U32(3), U64(1), GetWordPos,
            ],
        ));
    }
    // 2. Odd byte counts (partial trailing words are dropped).
    for (kn, k) in &keys[..4] {
        out.push(cc(
            format!("{a}/{kn}/odd_bytes"),
            *k,
            0,
            0,
            vec![
                Bytes(1), GetWordPos, Bytes(3), GetWordPos, Bytes(5), GetWordPos, Bytes(7),
                GetWordPos, Bytes(63), GetWordPos, Bytes(65), GetWordPos, Bytes(1023),
                GetWordPos, U32(4), Bytes(2), U64(2), GetWordPos,
            ],
        ));
    }
    // 3. Long runs crossing several 64-word buffer refills.
    for (kn, k) in &keys[..3] {
        out.push(cc(
            format!("{a}/{kn}/long_runs"),
            *k,
            0,
            0,
            vec![U32(600), GetWordPos, U64(300), GetWordPos, Bytes(1000), GetWordPos],
        ));
    }
    // 4. u64 draws at odd word offsets straddling the internal buffer refill.
    for (kn, k) in &keys[..2] {
        for &wp in &[0u128, 17, 1000003] {
            out.push(cc(
                format!("{a}/{kn}/u64_straddle/wp{wp}"),
                *k,
                if wp == 17 { 5 } else { 0 },
                wp,
                vec![
                    U32(1), GetWordPos, U64(40), GetWordPos, U32(62), GetWordPos, U64(1),
                    GetWordPos, U64(33), GetWordPos, U32(1), U64(80), GetWordPos,
                ],
            ));
        }
    }
    // 5. Grid of streams x word positions.
    let streams: [u64; 6] = [0, 1, 1 << 32, P63, P63 + 5, u64::MAX];
    let wps: [u128; 15] = [
        0,
        1,
        15,
        16,
        17,
        63,
        64,
        65,
        255,
        256,
        257,
        1000003,
        P32 * 16 - 3,
        P64 * 16 - 5,
        P68 - 1,
    ];
    // Full grid for key "seq"; key "prng1" on a subset of the streams.
    for (kn, k, nstreams) in [("seq", key_seq(), 6), ("prng1", splitmix_key(1), 3)] {
        let sel: Vec<u64> = if nstreams == 6 {
            streams.to_vec()
        } else {
            vec![0, P63 + 5, u64::MAX]
        };
        for &s in &sel {
            for &w in &wps {
                out.push(cc(
                    format!("{a}/{kn}/grid/s{s}/wp{w}"),
                    k,
                    s,
                    w,
                    vec![
                        GetWordPos, GetStream, U32(2), GetWordPos, U64(2), GetWordPos, Bytes(9),
                        GetWordPos, U32(17), GetWordPos,
                    ],
                ));
            }
        }
    }
    // 6. Near the 2^68-word wrap and the 2^32-block carry: long-ish draws.
    for (kn, k) in &keys[..2] {
        for &(label, w) in &[
            ("carry32", P32 * 16 - 3),
            ("carry32_u64", P32 * 16 - 33),
            ("wrap68_u32", P68 - 5),
            ("wrap68_u64_odd", P68 - 3),
            ("wrap68_bytes", P68 - 2),
            ("wrap68_far", P68 - 70),
        ] {
            out.push(cc(
                format!("{a}/{kn}/{label}"),
                *k,
                7,
                w,
                vec![
                    GetWordPos, U32(10), GetWordPos, U64(3), GetWordPos, Bytes(23), GetWordPos,
                    U64(40), GetWordPos, U32(70), GetWordPos,
                ],
            ));
        }
    }
    // 7. set_stream in the middle of a sequence (keeps the word position).
    for (kn, k) in &keys[..3] {
        out.push(cc(
            format!("{a}/{kn}/set_stream_mid"),
            *k,
            0,
            0,
            vec![
                U32(5), GetWordPos, SetStream(1), GetWordPos, GetStream, U32(5), GetWordPos,
                SetStream(u64::MAX), GetStream, U64(3), GetWordPos, Bytes(7), SetStream(P63 + 5),
                GetWordPos, GetStream, U32(50), GetWordPos, SetStream(0), GetStream, U64(20),
                GetWordPos,
            ],
        ));
        // set_stream when the buffer is exhausted / on a fresh generator.
        out.push(cc(
            format!("{a}/{kn}/set_stream_at_buffer_end"),
            *k,
            0,
            0,
            vec![
                SetStream(3),
                GetWordPos,
                GetStream,
                U32(64),
                GetWordPos,
                SetStream(1 << 32),
                GetWordPos,
                U32(4),
                GetWordPos,
                U32(60),
                SetStream(9),
                U64(2),
                GetWordPos,
                U64(31),
                SetStream(10),
                GetWordPos,
                Bytes(8),
                GetWordPos,
            ],
        ));
        out.push(cc(
            format!("{a}/{kn}/set_stream_after_seek"),
            *k,
            2,
            1000003,
            vec![
                GetWordPos, GetStream, U32(3), SetStream(4), GetWordPos, GetStream, U32(3),
                SetWordPos(P68 - 2), SetStream(P63), GetWordPos, U32(4), GetWordPos,
            ],
        ));
    }
    // 8. set_word_pos in the middle of a sequence.
    for (kn, k) in &keys[..3] {
        out.push(cc(
            format!("{a}/{kn}/set_word_pos_mid"),
            *k,
            1,
            0,
            vec![
                U32(3),
                SetWordPos(1000003),
                GetWordPos,
                U32(3),
                GetWordPos,
                SetWordPos(0),
                GetWordPos,
                U64(2),
                GetWordPos,
                SetWordPos(P32 * 16 - 3),
                GetWordPos,
                U32(6),
                GetWordPos,
                SetWordPos(P68 - 1),
                GetWordPos,
                U32(3),
                GetWordPos,
                SetWordPos(5),
                Bytes(10),
                GetWordPos,
                SetWordPos(63),
                U64(1),
                GetWordPos,
                SetWordPos(64),
                U32(1),
                GetWordPos,
                SetWordPos(5),
                U32(2),
                GetWordPos,
            ],
        ));
    }
    // 9. set_word_pos with values >= 2^68 (the crate reduces them mod 2^68).
    out.push(cc(
        format!("{a}/seq/set_word_pos_ge_2_68"),
        key_seq(),
        0,
        0,
        {
            let mut v = Vec::new();
            for &w in &[
                P68,
                P68 + 1,
                P68 + 17,
                (P68 << 1) + 3,
                (1u128 << 100) + 12345,
                u128::MAX,
                u128::MAX - 15,
            ] {
                v.extend([SetWordPos(w), GetWordPos, U32(3), GetWordPos]);
            }
            v
        },
    ));
    // 10. Known-answer vectors (ChaCha20 only).
    if alg == Alg::ChaCha20 {
        out.push(cc(
            "ChaCha20/rfc8439_2.3.2_block".into(),
            key_seq(),
            0x4a00_0000,
            0x0900_0000_0000_0001u128 * 16,
            vec![Bytes(64), GetWordPos],
        ));
        out.push(cc(
            "ChaCha20/rfc8439_2.4.2_keystream".into(),
            key_seq(),
            0x4a00_0000,
            16,
            vec![Bytes(114), GetWordPos],
        ));
    }
    out
}

fn hc128_cases() -> Vec<Case> {
    let alg = Alg::Hc128;
    let mut keys = common_keys();
    // Wu's HC-128 test vectors: (key 0, IV 0), (key 0, IV 1), (key 0x55, IV 0).
    keys.push(("iv1", key_byte(16, 1)));
    keys.push(("key55", key_byte(0, 0x55)));
    let mut out = Vec::new();
    for (kn, k) in &keys {
        out.push(case(
            format!("HC128/{kn}/basic"),
            alg,
            *k,
            vec![U32(16), U64(8), Bytes(64), Bytes(7), U32(3), U64(2)],
        ));
        out.push(case(
            format!("HC128/{kn}/odd_mixed"),
            alg,
            *k,
            vec![
                U32(1), U64(8), Bytes(1), Bytes(3), Bytes(5), Bytes(7), Bytes(63), Bytes(65),
                Bytes(1023), U32(7), U64(5), U32(2), U64(9),
            ],
        ));
    }
    for (kn, k) in keys.iter().filter(|(n, _)| ["zero", "seq", "key55", "prng1"].contains(n)) {
        out.push(case(format!("HC128/{kn}/u32_x2100"), alg, *k, vec![U32(2100)]));
    }
    for (kn, k) in keys.iter().filter(|(n, _)| ["zero", "iv1", "prng2"].contains(n)) {
        out.push(case(
            format!("HC128/{kn}/long_mixed"),
            alg,
            *k,
            vec![U32(1), U64(1100), Bytes(4100), U32(15), U64(600)],
        ));
    }
    out
}

fn isaac_cases() -> Vec<Case> {
    let mut keys = common_keys();
    // Seed used in rand_isaac's own unit tests (words 1, 23, 456, 7890, 12345).
    let mut crate_seed = [0u8; 32];
    for (i, w) in [1u32, 23, 456, 7890, 12345].iter().enumerate() {
        crate_seed[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    keys.push(("crate_test_seed", crate_seed));
    let mut out = Vec::new();

    // --- ISAAC (32-bit) ---
    let alg = Alg::Isaac;
    for (kn, k) in &keys {
        out.push(case(
            format!("ISAAC/{kn}/basic"),
            alg,
            *k,
            vec![U32(16), U64(8), Bytes(64), Bytes(7), U32(3), U64(2)],
        ));
    }
    for (kn, k) in &keys[..4] {
        out.push(case(format!("ISAAC/{kn}/u32_x600"), alg, *k, vec![U32(600)]));
        out.push(case(
            format!("ISAAC/{kn}/u64_odd_offset"),
            alg,
            *k,
            vec![U32(1), U64(200), U32(1), U64(150)],
        ));
        out.push(case(
            format!("ISAAC/{kn}/u64_straddle_exact"),
            alg,
            *k,
            vec![U32(255), U64(1), U32(254), U64(2), U32(3)],
        ));
        out.push(case(
            format!("ISAAC/{kn}/odd_bytes"),
            alg,
            *k,
            vec![
                Bytes(1), Bytes(3), Bytes(5), Bytes(7), Bytes(63), Bytes(65), Bytes(1023),
                U32(2), Bytes(1030), U64(3),
            ],
        ));
    }
    out.push(case(
        "ISAAC/seq/u64_x300".into(),
        alg,
        key_seq(),
        vec![U64(300)],
    ));

    // --- ISAAC64 ---
    let alg = Alg::Isaac64;
    for (kn, k) in &keys {
        out.push(case(
            format!("ISAAC64/{kn}/basic"),
            alg,
            *k,
            vec![U64(16), U32(16), Bytes(64), Bytes(7), U32(3), U64(2)],
        ));
        out.push(case(
            format!("ISAAC64/{kn}/u32_u64_interleave"),
            alg,
            *k,
            vec![
                U32(1), U64(1), U32(1), U32(1), U64(1), U32(3), Bytes(5), U32(1), U64(1),
                U32(1), Bytes(8), U32(2), Bytes(3), U32(1), U32(1), U32(1), U64(2), U32(5),
                Bytes(1), Bytes(9), U32(1), Bytes(16), U32(1), U64(1), U32(4), Bytes(4),
                U32(3), U64(1),
            ],
        ));
    }
    for (kn, k) in &keys[..4] {
        out.push(case(format!("ISAAC64/{kn}/u64_x600"), alg, *k, vec![U64(600)]));
        out.push(case(format!("ISAAC64/{kn}/u32_x1100"), alg, *k, vec![U32(1100)]));
        out.push(case(
            format!("ISAAC64/{kn}/block_end_halves"),
            alg,
            *k,
            vec![
                // 511 u32: words 0..254 of block 1 plus the low half of word
                // 255; next_u64 then discards the pending high half and refills.
                U32(511),
                U64(1),
                // words 1..254 of block 2 plus the low half of word 255 ...
                U32(509),
                // ... its high half, then the low half of word 0 of block 3
                U32(2),
                U32(1),
                U64(254),
                // low half of word 255 of block 3; fill_bytes discards the
                // pending high half and refills (block 4)
                U32(1),
                Bytes(3),
                U32(1),
            ],
        ));
        out.push(case(
            format!("ISAAC64/{kn}/bytes_across_block"),
            alg,
            *k,
            vec![U32(1), Bytes(2050), U32(3), Bytes(13), U64(250), U32(1), Bytes(20), U32(1)],
        ));
    }
    out
}

// ---------------------------------------------------------------------------
// Sanity checks against published vectors
// ---------------------------------------------------------------------------

fn sanity_checks() {
    // RFC 8439 section 2.3.2: key 00..1f, nonce 00:00:00:09 00:00:00:4a 00:00:00:00,
    // block counter 1. In rand_chacha's layout the first nonce word is the high
    // half of the 64-bit block counter and the remaining 8 bytes are the stream.
    let mut r = ChaCha20Rng::from_seed(key_seq());
    r.set_stream(1241513984);
    r.set_word_pos(10376293541461622800);
    let mut b = [0u8; 16];
    r.fill_bytes(&mut b);
    assert_eq!(hex(&b), "10f1e7e4d13b5915500fdd1fa32071c4", "RFC 8439 2.3.2");

    // ChaCha20, all-zero key and nonce, block 0: 76 b8 e0 ad ...
    let mut r = ChaCha20Rng::from_seed(key_zero());
    assert_eq!(r.next_u32(), 0xade0_b876, "ChaCha20 zero key");

    // HC-128 (Wu), key 0, IV 0: keystream 82 00 15 73 ...
    let mut r = Hc128Rng::from_seed(key_zero());
    assert_eq!(r.next_u32(), 0x7315_0082, "HC-128 zero key");

    // ISAAC: seed words 1, 23, 456, 7890, 12345 -> 2558573138 first
    // (value from rand_isaac's documentation/tests).
    let mut seed = [0u8; 32];
    for (i, w) in [1u32, 23, 456, 7890, 12345].iter().enumerate() {
        seed[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    let mut r = IsaacRng::from_seed(seed);
    assert_eq!(r.next_u32(), 2558573138, "ISAAC crate test vector");
}

fn main() {
    sanity_checks();
    if std::env::args().nth(1).as_deref() == Some("--words") {
        words::run();
        return;
    }

    let out_dir: PathBuf = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data"));
    std::fs::create_dir_all(&out_dir).expect("create output dir");
    let out_dir = out_dir.canonicalize().expect("canonicalize output dir");

    let common_note = "Generated by tools/refdata: ".to_string() + REGEN_CMD
        + ". Built offline against Debian's packaged crates (/usr/share/cargo/registry). \
           Each case: <Rng>::from_seed(key) then the ops in order. u32/u64 out = next_u32/next_u64 \
           results (hex, big-endian digit order of the integer value); bytes out = the buffer \
           after one fill_bytes call of n bytes (hex, in buffer order).";

    let mut chacha = Vec::new();
    for alg in [Alg::ChaCha8, Alg::ChaCha12, Alg::ChaCha20] {
        chacha.extend(chacha_cases(alg));
    }
    let files = [
        (
            "rand_chacha.json",
            format!("rand_chacha {}", lock_version("rand_chacha")),
            common_note.clone()
                + " ChaCha cases: after from_seed, set_stream(stream) is called if stream != 0, \
                   then set_word_pos(word_pos) if word_pos != 0. ChaCha8/12/20 = ChaCha8Rng/ChaCha12Rng/ChaCha20Rng.",
            chacha,
        ),
        (
            "rand_hc.json",
            format!("rand_hc {}", lock_version("rand_hc")),
            common_note.clone()
                + " HC128 = Hc128Rng; key_hex = 16-byte key followed by 16-byte IV.",
            hc128_cases(),
        ),
        (
            "rand_isaac.json",
            format!("rand_isaac {}", lock_version("rand_isaac")),
            common_note.clone() + " ISAAC = IsaacRng, ISAAC64 = Isaac64Rng.",
            isaac_cases(),
        ),
    ];
    for (fname, generator, note, cases) in files.iter() {
        let text = render_file(generator, note, cases);
        let path = out_dir.join(fname);
        std::fs::write(&path, &text).expect("write output");
        eprintln!(
            "wrote {} ({} cases, {} bytes; rand_core {})",
            path.display(),
            cases.len(),
            text.len(),
            lock_version("rand_core")
        );
    }
}
