//! Generated well-typed programs (assignments, branches, loops, map and register
//! use, early verdicts) must compile, and the IR as lowered and the IR after the
//! cleanup passes must behave identically on packets: a differential test of
//! lowering, `ir::passes` and the interpreter together.

mod common;
use common::*;
use interp::Interpreter;
use proptest::prelude::*;

const VARS: [&str; 3] = ["a", "b", "c"];
const OPS: [&str; 10] = ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"];

fn expr(in_loop: bool) -> impl Strategy<Value = String> {
    let mut atoms = vec![
        "a",
        "b",
        "c",
        "tcp.src_port",
        "r",
        "payload.len",
        "(ipv4.ttl as u16)",
    ];
    if in_loop {
        atoms.push("i");
    }
    let leaf = prop_oneof![
        prop::sample::select(atoms).prop_map(str::to_string),
        (0u16..2000).prop_map(|n| n.to_string())
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        (inner.clone(), prop::sample::select(OPS.to_vec()), inner)
            .prop_map(|(l, o, r)| format!("({l} {o} {r})"))
    })
}

fn cond(in_loop: bool) -> impl Strategy<Value = String> {
    // The left side mentions a variable, so the comparison has a width.
    let cmp = (
        prop::sample::select(VARS.to_vec()),
        expr(in_loop),
        prop::sample::select(vec!["<", "==", "!=", ">="]),
        expr(in_loop),
    )
        .prop_map(|(v, l, o, r)| format!("({v} + {l}) {o} {r}"));
    let has = expr(in_loop).prop_map(|k| format!("m.contains({k})"));
    let pair = (expr(in_loop), expr(in_loop)).prop_map(|(x, y)| format!("t.contains(({x}, {y}))"));
    let member = prop::sample::select(VARS.to_vec()).prop_map(|v| format!("{v} in ports"));
    prop_oneof![3 => cmp, 1 => has, 1 => pair, 1 => member].prop_recursive(2, 6, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(l, r)| format!("({l} && {r})")),
            (inner.clone(), inner).prop_map(|(l, r)| format!("({l} || {r})")),
        ]
    })
}

fn stmts(depth: u32, in_loop: bool) -> BoxedStrategy<String> {
    let var = prop::sample::select(VARS.to_vec());
    let simple = prop_oneof![
        4 => (var.clone(), expr(in_loop)).prop_map(|(v, e)| format!("{v} = {e};")),
        1 => (expr(in_loop), expr(in_loop)).prop_map(|(k, v)| format!("m.insert({k}, {v});")),
        1 => expr(in_loop).prop_map(|k| format!("m.remove({k});")),
        1 => expr(in_loop).prop_map(|e| format!("r = {e};")),
        1 => cond(in_loop).prop_map(|c| format!("if {c} {{ drop(); }}")),
        1 => (expr(in_loop), expr(in_loop)).prop_map(|(i, e)| format!("arr[{i}] = {e};")),
        1 => (expr(in_loop), expr(in_loop), cond(in_loop)).prop_map(|(x, y, c)| format!("t.insert(({x}, {y}), ({x} ^ {y}, {c}));")),
        1 => expr(in_loop).prop_map(|e| format!("emit ev {{ v: {e}, host: ipv4.src }};")),
    ];
    if depth == 0 {
        return prop::collection::vec(simple, 1..4)
            .prop_map(|v| v.join("\n"))
            .boxed();
    }
    let nested = prop_oneof![
        4 => simple,
        1 => (cond(in_loop), stmts(depth - 1, in_loop), stmts(depth - 1, in_loop)).prop_map(|(c, t, e)| format!("if {c} {{\n{t}\n}} else {{\n{e}\n}}")),
        1 => (1u16..5, stmts(depth - 1, true)).prop_map(|(n, body)| format!("for i in 0..{n} {{\n{body}\n}}")),
        1 => (expr(in_loop), var.clone(), var.clone(), expr(in_loop)).prop_map(|(k, v1, v2, e)| {
            format!("match m.get({k}) {{ Some(x) => {{ {v1} = x; }} None => {{ {v2} = {e}; }} }}")
        }),
        1 => (expr(in_loop), expr(in_loop), var).prop_map(|(x, y, v)| {
            format!("match t.get(({x}, {y})) {{ Some(p) => {{ if p.1 {{ {v} = p.0; }} }} None => {{}} }}")
        }),
    ];
    prop::collection::vec(nested, 1..5)
        .prop_map(|v| v.join("\n"))
        .boxed()
}

fn program_text() -> impl Strategy<Value = String> {
    (stmts(2, false), expr(false)).prop_map(|(body, port)| {
        format!(
            "map m: u16 -> u16 capacity 4 idle_timeout 10ns;\nregister r: u16 = 3;\n\
             map t: (u16, u16) -> (u16, bool) capacity 3;\nregarray arr: u16[3];\n\
             param ports: list<u16> = [7, 80, 443];\nvector vec: u16 = ports;\nevent ev {{ v: u16, host: ipv4 }}\n\
             on packet {{\n let mut a: u16 = tcp.src_port;\n let mut b: u16 = tcp.dst_port;\n let mut c: u16 = 7;\n\
             {body}\n tcp.window = a ^ b ^ c;\n forward({port});\n}}"
        )
    })
}

fn compile_both(src: &str) -> (ir::Program, ir::Program) {
    let loader = |_: &str| -> Result<String, String> { Err("none".into()) };
    let o = lang::Overrides::new();
    let raw = lang::compile_raw("g", src, &o, &loader)
        .unwrap_or_else(|d| panic!("{}\n{}", src, d.render("g.nf", src)));
    let clean = lang::compile("g", src, &o, &loader)
        .unwrap_or_else(|d| panic!("{}", d.render("g.nf", src)));
    (raw.program, clean.program)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn generated_programs_compile_and_cleanup_preserves_behaviour(
        src in program_text(),
        packets in prop::collection::vec((1u16..4000, 1u16..4000, prop::collection::vec(any::<u8>(), 0..20), 0u64..30), 1..8),
    ) {
        let (raw, clean) = compile_both(&src);
        let mut x = Interpreter::new(&raw).expect("raw loads");
        let mut y = Interpreter::new(&clean).expect("clean loads");
        let mut now = 0;
        for (sp, dp, payload, dt) in packets {
            now += dt;
            let frame = tcp("10.0.0.1", sp, "10.0.0.2", dp, ACK, &payload);
            let (mut fx, mut fy) = (frame.clone(), frame);
            let (vx, vy) = (x.process(&mut fx, 0, now), y.process(&mut fy, 0, now));
            prop_assert_eq!(&vx, &vy, "{}", src);
            prop_assert!(vx.is_ok());
            prop_assert_eq!(&fx, &fy, "{}", src);
            if matches!(vx, Ok(interp::Verdict::Forward(_))) {
                endpoints(&fx); // asserts the checksums after the window write
            }
        }
        prop_assert_eq!(x.state().to_json(now), y.state().to_json(now));
        prop_assert_eq!(x.events(), y.events());
    }
}
