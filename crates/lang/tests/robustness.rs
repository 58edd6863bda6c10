//! No input makes the front end panic: random text, random token soups built from
//! the language's own vocabulary (which reach the checker far more often than
//! random text), and mutations of the example programs. Whatever compiles must
//! verify and round-trip through the IR text format.

use lang::{Overrides, compile};
use proptest::prelude::*;

const EXAMPLES: [&str; 5] = [
    include_str!("../../../examples/nf/mazunat.nf"),
    include_str!("../../../examples/nf/lb.nf"),
    include_str!("../../../examples/nf/firewall.nf"),
    include_str!("../../../examples/nf/proxy.nf"),
    include_str!("../../../examples/nf/trojan.nf"),
];

fn check(src: &str) {
    let loader = |_: &str| -> Result<String, String> { Ok("tcp 10.0.0.1 1 10.0.0.2 2\n".into()) };
    match compile("p", src, &Overrides::new(), &loader) {
        Ok(c) => {
            assert!(ir::verify(&c.program).is_ok());
            assert_eq!(ir::parse(&ir::print(&c.program)), Ok(c.program));
        }
        Err(d) => {
            assert!(d.has_errors());
            let _ = d.render("p.nf", src);
        }
    }
}

const VOCAB: &[&str] = &[
    "param",
    "const",
    "struct",
    "map",
    "set",
    "vector",
    "register",
    "counter",
    "regarray",
    "event",
    "on",
    "packet",
    "let",
    "mut",
    "if",
    "else",
    "match",
    "for",
    "in",
    "emit",
    "true",
    "false",
    "as",
    "Some",
    "None",
    "capacity",
    "idle_timeout",
    "from",
    "forward",
    "drop",
    "now",
    "crc16",
    "crc32",
    "hash",
    "len",
    "payload",
    "contains",
    "starts_with",
    "get",
    "insert",
    "remove",
    "ipv4",
    "tcp",
    "udp",
    "eth",
    "src",
    "dst",
    "src_port",
    "dst_port",
    "valid",
    "flags",
    "in_port",
    "u8",
    "u16",
    "u32",
    "bit",
    "bool",
    "list",
    "string",
    "x",
    "y",
    "m",
    "F",
    "0",
    "1",
    "65535",
    "300s",
    "10.0.0.1",
    "\"GET \"",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    ",",
    ";",
    ":",
    ".",
    "..",
    "->",
    "=>",
    "=",
    "==",
    "!=",
    "<=",
    ">=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "&",
    "&&",
    "|",
    "||",
    "^",
    "~",
    "!",
    "<<",
    ">>",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_text_never_panics(s in "\\PC{0,300}") {
        check(&s);
    }

    #[test]
    fn token_soup_never_panics(toks in prop::collection::vec(prop::sample::select(VOCAB), 0..120)) {
        check(&toks.join(" "));
    }

    #[test]
    fn handler_token_soup_never_panics(toks in prop::collection::vec(prop::sample::select(VOCAB), 0..60)) {
        // Inside a valid skeleton, so the checker and lowering see most of it.
        let src = format!(
            "map m: (u8, ipv4) -> u16 capacity 8;\nregister r: u16;\nevent e {{ h: ipv4 }}\non packet {{ let mut x: u16 = 1; {} forward(x); }}",
            toks.join(" ")
        );
        check(&src);
    }

    #[test]
    fn mutated_examples_never_panic(which in 0usize..5, edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..3, prop::sample::select(VOCAB)), 1..4)) {
        let mut s = EXAMPLES[which].to_string();
        for (at, kind, tok) in edits {
            let mut i = at.index(s.len() + 1);
            while !s.is_char_boundary(i) {
                i -= 1;
            }
            match kind {
                0 => s.insert_str(i, tok),
                1 => {
                    let mut j = (i + tok.len()).min(s.len());
                    while !s.is_char_boundary(j) {
                        j -= 1;
                    }
                    s.replace_range(i..j, "");
                }
                _ => s.insert_str(i, &format!(" {tok} ")),
            }
        }
        check(&s);
    }
}
