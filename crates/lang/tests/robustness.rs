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

/// The rules file of `examples/nf/firewall.nf` (`set … from rules`) and a config of
/// every parameter type the examples declare: the seeds of the file-reader tests.
const RULES: &str = include_str!("../../../examples/nf/firewall.rules");
const CONFIG: &str = "[params]\nexternal_ip = \"198.51.100.7\"\nport_min = 2000\nport_max = 3000\n\
backends = [\"10.0.1.1\", \"10.0.1.9\"]\nports = [80, 443]\nrules = \"firewall.rules\"\n";

/// Byte-level edits: truncate, overwrite, insert or delete at a position.
fn mutate(seed: &str, edits: &[(prop::sample::Index, u8, u8)]) -> String {
    let mut b = seed.as_bytes().to_vec();
    for (at, kind, byte) in edits {
        let i = at.index(b.len() + 1);
        match kind % 4 {
            0 => b.truncate(i),
            1 if i < b.len() => b[i] = *byte,
            2 => b.insert(i, *byte),
            _ if i < b.len() => {
                b.remove(i);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn edits() -> impl Strategy<Value = Vec<(prop::sample::Index, u8, u8)>> {
    let byte = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"0123456789.:,=\"[]# \n\ttcpudx-".to_vec()),
    ];
    prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), byte), 1..6)
}

/// A diagnostic caused by a loaded file names the file (and, for a bad line,
/// `file:line:`) in its message.
fn rules_check(rules: &str) {
    let loader = |_: &str| -> Result<String, String> { Ok(rules.to_string()) };
    let src = EXAMPLES[2];
    match compile("firewall", src, &Overrides::new(), &loader) {
        Ok(c) => assert!(ir::verify(&c.program).is_ok()),
        Err(d) => {
            assert!(d.has_errors());
            let text = d.render("firewall.nf", src);
            assert!(
                text.contains("firewall.rules"),
                "a rules error names no file:\n{text}"
            );
        }
    }
}

#[test]
fn bad_rules_line_is_named() {
    let loader =
        |_: &str| -> Result<String, String> { Ok("tcp 10.0.0.1 40000 192.0.2.10\n".into()) };
    let d = compile("firewall", EXAMPLES[2], &Overrides::new(), &loader).expect_err("rejected");
    let text = d.render("firewall.nf", EXAMPLES[2]);
    assert!(
        text.contains("firewall.rules:1: expected 5 fields, found 4"),
        "{text}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mutated_rules_files_never_panic(e in edits()) {
        rules_check(&mutate(RULES, &e));
    }

    #[test]
    fn mutated_config_files_never_panic(e in edits(), which in 0usize..5) {
        let text = mutate(CONFIG, &e);
        let loader = |_: &str| -> Result<String, String> { Ok(RULES.into()) };
        match Overrides::from_toml(&text) {
            Err(msg) => prop_assert!(msg.starts_with("invalid config file") || msg.contains('`'), "{}", msg),
            Ok(o) => match compile("p", EXAMPLES[which], &o, &loader) {
                Ok(c) => prop_assert!(ir::verify(&c.program).is_ok()),
                Err(d) => {
                    prop_assert!(d.has_errors());
                    let _ = d.render("p.nf", EXAMPLES[which]);
                }
            },
        }
    }
}
