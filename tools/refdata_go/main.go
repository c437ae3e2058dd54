// Command refdata_go writes tests/data/chacha8rand_go.json: reference
// streams from Go's math/rand/v2.ChaCha8 (the Go runtime's generator, as
// C2SP chacha8rand defines it) for chacharand.ChaCha8Rand's tests.
//
// Standard library only (Go 1.23 or later, for ChaCha8.Read; no modules are
// downloaded):
//
//	go run ./tools/refdata_go [OUT]
//
// from the repository root (OUT defaults to tests/data/chacha8rand_go.json);
// with --words it answers word requests instead (see words below).
// Before writing anything it checks Go's output against the first values
// of the spec's sample output.
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// One step of a scripted session: a Uint64 call, a Read of N bytes, a
// MarshalBinary or a skip of N Uint64 calls; Out is what Go returned (hex;
// a Uint64 as 16 digits, big-endian).
type step struct {
	Op  string `json:"op"`
	N   int    `json:"n,omitempty"`
	Out string `json:"out,omitempty"`
}

type session struct {
	ID    string `json:"id"`
	Key   string `json:"key"`
	Steps []step `json:"steps"`
}

// A Uint64 stream: Values[i] is call Start + i after NewChaCha8(Key).
type stream struct {
	ID     string   `json:"id"`
	Key    string   `json:"key"`
	Start  int      `json:"start"`
	Values []string `json:"values"`
}

// What UnmarshalBinary makes of Data: the error text, or "panic: ...",
// and on success the next Uint64 values and Read bytes.
type unmarshal struct {
	ID    string `json:"id"`
	Data  string `json:"data"`
	Error string `json:"error,omitempty"`
	Next  []step `json:"next,omitempty"`
}

type output struct {
	Meta       map[string]string `json:"meta"`
	Streams    []stream          `json:"streams"`
	Uint32     []stream          `json:"uint32"`
	Sessions   []session         `json:"sessions"`
	Unmarshals []unmarshal       `json:"unmarshal"`
}

func u64(v uint64) string { return fmt.Sprintf("%016x", v) }

// keyOf derives a 32-byte key from a label (SHA-256), so that the keys are
// varied but written down by their label.
func keyOf(label string) [32]byte { return sha256.Sum256([]byte(label)) }

func specKey() [32]byte {
	var k [32]byte
	copy(k[:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ123456")
	return k
}

func marshal(c *rand.ChaCha8) string {
	b, err := c.MarshalBinary()
	if err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func newStream(id string, key [32]byte, start, count int) stream {
	c := rand.NewChaCha8(key)
	for i := 0; i < start; i++ {
		c.Uint64()
	}
	s := stream{ID: id, Key: hex.EncodeToString(key[:]), Start: start}
	for i := 0; i < count; i++ {
		s.Values = append(s.Values, u64(c.Uint64()))
	}
	return s
}

// Rand.Uint32 is the upper half of one Uint64 of the source.
func newUint32Stream(id string, key [32]byte, count int) stream {
	r := rand.New(rand.NewChaCha8(key))
	s := stream{ID: id, Key: hex.EncodeToString(key[:])}
	for i := 0; i < count; i++ {
		s.Values = append(s.Values, fmt.Sprintf("%08x", r.Uint32()))
	}
	return s
}

// run plays a script of steps ("uint64", "read" N, "marshal", "skip" N)
// and records Go's answers.
func run(c *rand.ChaCha8, script []step) []step {
	var out []step
	for _, s := range script {
		switch s.Op {
		case "uint64":
			s.Out = u64(c.Uint64())
		case "read":
			buf := make([]byte, s.N)
			n, err := c.Read(buf)
			if err != nil || n != s.N {
				panic("short Read")
			}
			s.Out = hex.EncodeToString(buf)
		case "marshal":
			s.Out = marshal(c)
		case "skip":
			for i := 0; i < s.N; i++ {
				c.Uint64()
			}
		default:
			panic("unknown op " + s.Op)
		}
		out = append(out, s)
	}
	return out
}

func newSession(id string, key [32]byte, script []step) session {
	return session{ID: id, Key: hex.EncodeToString(key[:]),
		Steps: run(rand.NewChaCha8(key), script)}
}

func u() step         { return step{Op: "uint64"} }
func rd(n int) step   { return step{Op: "read", N: n} }
func m() step         { return step{Op: "marshal"} }
func skip(n int) step { return step{Op: "skip", N: n} }

// The state after a script, marshalled: inputs for the unmarshal cases.
func stateAfter(key [32]byte, script []step) []byte {
	c := rand.NewChaCha8(key)
	run(c, script)
	b, _ := c.MarshalBinary()
	return b
}

func tryUnmarshal(id string, data []byte, next []step) (u unmarshal) {
	u = unmarshal{ID: id, Data: hex.EncodeToString(data)}
	defer func() {
		if r := recover(); r != nil {
			u.Error = fmt.Sprint("panic: ", r)
			u.Next = nil
		}
	}()
	c := rand.NewChaCha8([32]byte{})
	if err := c.UnmarshalBinary(data); err != nil {
		u.Error = err.Error()
		return u
	}
	u.Next = run(c, next)
	return u
}

// words answers requests read from standard input, one a line, in the
// format of tools/refdata's --words mode: "ChaCha8Rand KEY_HEX STREAM
// WORD_POS SKIP COUNT" (STREAM and WORD_POS must be 0: ChaCha8 cannot
// seek), with COUNT Uint64 values after SKIP of them, in decimal, one line
// per request.  tools/record_stream_freeze.py uses it.
func words() {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 6 || f[0] != "ChaCha8Rand" || f[2] != "0" || f[3] != "0" {
			fmt.Fprintf(os.Stderr, "bad request %q\n", in.Text())
			os.Exit(2)
		}
		key, err := hex.DecodeString(f[1])
		skip, err1 := strconv.Atoi(f[4])
		count, err2 := strconv.Atoi(f[5])
		if err != nil || err1 != nil || err2 != nil || len(key) != 32 {
			fmt.Fprintf(os.Stderr, "bad request %q\n", in.Text())
			os.Exit(2)
		}
		c := rand.NewChaCha8([32]byte(key))
		for i := 0; i < skip; i++ {
			c.Uint64()
		}
		line := make([]string, count)
		for i := range line {
			line[i] = strconv.FormatUint(c.Uint64(), 10)
		}
		fmt.Fprintln(out, strings.Join(line, " "))
	}
}

func main() {
	path := "tests/data/chacha8rand_go.json"
	if len(os.Args) > 1 && os.Args[1] == "--words" {
		words()
		return
	}
	if len(os.Args) > 1 {
		path = os.Args[1]
	}

	// The spec's sample output starts with these values (C2SP chacha8rand,
	// "Sample output").
	c := rand.NewChaCha8(specKey())
	for i, want := range []uint64{0xb773b6063d4616a5, 0x1160af22a66abc3c,
		0x8c2599d9418d287c, 0x7ee07e037edc5cd6} {
		if got := c.Uint64(); got != want {
			fmt.Fprintf(os.Stderr, "value %d: Go gives %x, the spec %x\n",
				i, got, want)
			os.Exit(1)
		}
	}

	var zero [32]byte
	out := output{Meta: map[string]string{
		"description": "Go's math/rand/v2.ChaCha8 (C2SP chacha8rand), " +
			"written by tools/refdata_go with " + runtime.Version(),
		"encoding": "hex; a Uint64 as 16 digits (the number, " +
			"big-endian), a Rand.Uint32 as 8, Read and MarshalBinary " +
			"bytes in order. Keys labelled sha256(...) are SHA-256 " +
			"of the label.",
	}}

	// Uint64 streams: the spec's key, the zero key and derived keys, over
	// several iterations (124 values each), and far into the stream.
	out.Streams = []stream{
		newStream("spec key", specKey(), 0, 5*124+3),
		newStream("zero key", zero, 0, 3*124+3),
		newStream("sha256(chacharand 1)", keyOf("chacharand 1"), 0, 2*124+5),
		newStream("sha256(chacharand 2) after 1000 iterations",
			keyOf("chacharand 2"), 1000*124-3, 130),
		newStream("spec key after 100000 iterations", specKey(),
			100000*124-2, 8),
	}
	out.Uint32 = []stream{
		newUint32Stream("spec key", specKey(), 130),
	}

	// Reads of odd lengths between Uint64 calls, across iteration
	// boundaries, with MarshalBinary between them.
	odd := []step{rd(3), m(), u(), m(), rd(7), rd(1), m(), rd(9), u(),
		rd(0), rd(13), m(), rd(1000), m(), rd(5), u(), rd(11), m(),
		skip(100), m(), rd(2001), m(), rd(8), rd(4), m(), u(), rd(4),
		m(), rd(1), rd(1), rd(1), rd(1), rd(1), rd(1), rd(1), rd(1),
		rd(1), m()}
	out.Sessions = []session{
		newSession("spec key: odd reads and Uint64 calls", specKey(), odd),
		newSession("sha256(chacharand 3): odd reads and Uint64 calls",
			keyOf("chacharand 3"), odd),
		newSession("zero key: marshal at every boundary", zero,
			[]step{m(), u(), m(), skip(122), m(), u(), m(), u(), m(),
				skip(122), m(), u(), m(), u(), m(), rd(992 * 3), m(),
				rd(7), m(), skip(123), m(), u(), m()}),
		newSession("sha256(chacharand 4): one long read", keyOf(
			"chacharand 4"), []step{rd(5), rd(4099), m(), rd(3),
			rd(124*8*7 + 4), m(), u(), m()}),
	}

	// UnmarshalBinary: states Go wrote, then what it rejects.
	k5 := keyOf("chacharand 5")
	next := []step{u(), rd(3), u(), rd(13), m()}
	fresh := stateAfter(k5, nil)
	at124 := stateAfter(k5, []step{skip(124)})
	withBuf := stateAfter(k5, []step{skip(120), rd(3)})
	edit := func(b []byte, f func([]byte) []byte) []byte {
		c := append([]byte(nil), b...)
		return f(c)
	}
	used := func(n uint64) []byte {
		return edit(fresh, func(b []byte) []byte {
			binary.BigEndian.PutUint64(b[8:], n)
			return b
		})
	}
	readbuf := func(n int, fill int, rest []byte) []byte {
		b := append([]byte("readbuf:"), byte(n))
		for i := 0; i < fill; i++ {
			b = append(b, byte(0xa0+i))
		}
		return append(b, rest...)
	}
	out.Unmarshals = []unmarshal{
		tryUnmarshal("fresh", fresh, next),
		tryUnmarshal("used 124", at124, next),
		tryUnmarshal("used 123", used(123), next),
		tryUnmarshal("used 96", used(96), next),
		tryUnmarshal("after a 3-byte read", withBuf, next),
		tryUnmarshal("readbuf of 8 bytes", readbuf(8, 8, fresh), next),
		tryUnmarshal("readbuf of 0 bytes", readbuf(0, 0, fresh), next),
		tryUnmarshal("readbuf of 1 byte", readbuf(1, 1, at124), next),
		tryUnmarshal("used 125", used(125), nil),
		tryUnmarshal("used 2^64-1", used(^uint64(0)), nil),
		tryUnmarshal("used 2^32", used(1<<32), nil),
		tryUnmarshal("short", fresh[:47], nil),
		tryUnmarshal("long", append(append([]byte(nil), fresh...), 0), nil),
		tryUnmarshal("empty", nil, nil),
		tryUnmarshal("bad magic", edit(fresh, func(b []byte) []byte {
			b[7] = ';'
			return b
		}), nil),
		tryUnmarshal("readbuf of 9 bytes", readbuf(9, 9, fresh), nil),
		tryUnmarshal("readbuf length past the end", readbuf(60, 3, nil), nil),
		tryUnmarshal("readbuf without a length", []byte("readbuf:"), nil),
		tryUnmarshal("readbuf, then no state", readbuf(2, 2, nil), nil),
		tryUnmarshal("two readbufs", readbuf(1, 1, readbuf(1, 1, fresh)),
			nil),
	}

	data, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		panic(err)
	}
}
