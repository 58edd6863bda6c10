//! Text format: a hand-written program parses, verifies and prints back byte for
//! byte; arbitrary generated programs round-trip; garbage never panics the parser.

use ir::*;
use proptest::prelude::*;

const COUNTER: &str = include_str!("../testdata/counter.ir");

#[test]
fn hand_written_program_parses_verifies_and_prints_identically() {
    let p = parse(COUNTER).expect("parses");
    verify(&p).expect("verifies");
    assert_eq!(p.states.len(), 4);
    assert_eq!(p.handler.blocks.len(), 5);
    assert_eq!(print(&p), COUNTER);
}

#[test]
fn read_write_sets_name_state_and_key() {
    let p = parse(COUNTER).expect("parses");
    let seen = p.state_id("seen").expect("declared");
    let get = &p.handler.blocks[1].insts[3];
    assert_eq!(
        get.op.reads(),
        vec![Location::State {
            state: seen,
            key: Some(ValueId(3))
        }]
    );
    let set = &p.handler.blocks[4].insts[2];
    assert_eq!(set.op.writes(), vec![Location::Field(Field::Ipv4Dst)]);
}

#[test]
fn parse_errors_have_positions() {
    let e = parse("program x\nhandler {\nbb0:\n  %0: bit<16> = frobnicate\n}").expect_err("bad op");
    assert_eq!((e.line, e.col), (4, 17));
    assert!(e.message.contains("frobnicate"), "{e}");
    let e = parse("program x\nhandler {\nbb1:\n drop\n}").expect_err("wrong label");
    assert_eq!(e.line, 3);
}

fn arb_type() -> impl Strategy<Value = Type> {
    let leaf = prop_oneof![
        Just(Type::Bool),
        Just(Type::Ipv4),
        (1u16..=64).prop_map(Type::Bits)
    ];
    leaf.prop_recursive(2, 6, 3, |inner| {
        prop::collection::vec(inner, 1..3).prop_map(Type::Tuple)
    })
}

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(Value::Bool),
        any::<u32>().prop_map(Value::Ipv4),
        (1u16..=64, any::<u64>()).prop_map(|(w, v)| Value::bits(w, v)),
    ];
    leaf.prop_recursive(2, 6, 3, |inner| {
        prop::collection::vec(inner, 1..3).prop_map(Value::Tuple)
    })
}

fn vid() -> impl Strategy<Value = ValueId> {
    (0u32..40).prop_map(ValueId)
}

fn arb_op(nstates: u32, nevents: u32) -> impl Strategy<Value = Op> {
    let s = (0..nstates.max(1)).prop_map(StateId);
    let e = (0..nevents.max(1)).prop_map(EventId);
    let field = prop::sample::select(Field::ALL.to_vec());
    let header = prop::sample::select(Header::ALL.to_vec());
    let bytes = prop::collection::vec(any::<u8>(), 0..6);
    let base = prop_oneof![
        arb_value().prop_map(Op::Const),
        (prop::sample::select(vec![UnOp::Not, UnOp::Neg]), vid())
            .prop_map(|(u, a)| Op::Unary(u, a)),
        (prop::sample::select(BinOp::ALL.to_vec()), vid(), vid())
            .prop_map(|(b, x, y)| Op::Binary(b, x, y)),
        (arb_type(), vid()).prop_map(|(t, a)| Op::Cast(t, a)),
        (vid(), vid(), vid()).prop_map(|(c, a, b)| Op::Select(c, a, b)),
        prop::collection::vec(vid(), 0..4).prop_map(Op::Tuple),
        (vid(), 0u32..5).prop_map(|(a, i)| Op::Extract(a, i)),
        Just(Op::InPort),
        Just(Op::Now),
        Just(Op::PayloadLen),
        header.prop_map(Op::IsValid),
        field.clone().prop_map(Op::GetField),
        (field, vid()).prop_map(|(f, v)| Op::SetField(f, v)),
        vid().prop_map(Op::PayloadByte),
        bytes.clone().prop_map(Op::PayloadContains),
        bytes.prop_map(Op::PayloadStartsWith),
        (
            prop::sample::select(vec![HashAlg::Crc16, HashAlg::Crc32]),
            prop::collection::vec(vid(), 0..3)
        )
            .prop_map(|(a, v)| Op::Hash(a, v)),
    ];
    let stateful = prop_oneof![
        (s.clone(), vid()).prop_map(|(s, k)| Op::MapGet(s, k)),
        (s.clone(), vid(), vid()).prop_map(|(s, k, v)| Op::MapInsert(s, k, v)),
        (s.clone(), vid()).prop_map(|(s, k)| Op::MapRemove(s, k)),
        (s.clone(), vid()).prop_map(|(s, k)| Op::ArrayGet(s, k)),
        (s.clone(), vid(), vid()).prop_map(|(s, k, v)| Op::ArraySet(s, k, v)),
        s.clone().prop_map(Op::RegGet),
        (s, vid()).prop_map(|(s, v)| Op::RegSet(s, v)),
        (e, prop::collection::vec(vid(), 0..3)).prop_map(|(e, v)| Op::Emit(e, v)),
    ];
    if nstates == 0 || nevents == 0 {
        base.boxed()
    } else {
        prop_oneof![base, stateful].boxed()
    }
}

fn arb_kind() -> impl Strategy<Value = StateKind> {
    prop_oneof![
        (
            arb_type(),
            arb_type(),
            1u32..100_000,
            prop::option::of(1u64..u64::MAX),
            prop::collection::vec((arb_value(), arb_value()), 0..3)
        )
            .prop_map(
                |(key, value, capacity, idle_timeout_ns, init)| StateKind::Map {
                    key,
                    value,
                    capacity,
                    idle_timeout_ns,
                    init
                }
            ),
        (arb_type(), prop::collection::vec(arb_value(), 0..4))
            .prop_map(|(elem, init)| StateKind::Vector { elem, init }),
        (arb_type(), arb_value()).prop_map(|(ty, init)| StateKind::Register { ty, init }),
        (arb_type(), 0u32..5000).prop_map(|(elem, len)| StateKind::RegArray { elem, len }),
    ]
}

fn arb_target(nblocks: u32) -> impl Strategy<Value = Target> {
    (
        (0..nblocks).prop_map(BlockId),
        prop::collection::vec(vid(), 0..3),
    )
        .prop_map(|(block, args)| Target { block, args })
}

fn arb_program() -> impl Strategy<Value = Program> {
    (
        prop::collection::vec(arb_kind(), 0..4),
        prop::collection::vec(prop::collection::vec(arb_type(), 0..3), 0..3),
        1u32..5,
    )
        .prop_flat_map(|(kinds, events, nblocks)| {
            let ns = kinds.len() as u32;
            let ne = events.len() as u32;
            let inst = (
                prop::collection::vec((vid(), arb_type()), 0..3),
                arb_op(ns, ne),
            )
                .prop_map(|(results, op)| Inst { results, op });
            let term = prop_oneof![
                arb_target(nblocks).prop_map(Terminator::Jump),
                (vid(), arb_target(nblocks), arb_target(nblocks))
                    .prop_map(|(cond, then_, else_)| Terminator::Branch { cond, then_, else_ }),
                vid().prop_map(Terminator::Forward),
                Just(Terminator::Drop),
            ];
            let block = (
                prop::collection::vec((vid(), arb_type()), 0..3),
                prop::collection::vec(inst, 0..6),
                term,
            )
                .prop_map(|(params, insts, term)| Block {
                    params,
                    insts,
                    term,
                });
            (
                Just(kinds),
                Just(events),
                prop::collection::vec(block, nblocks as usize),
            )
        })
        .prop_map(|(kinds, events, blocks)| Program {
            name: "gen".into(),
            states: kinds
                .into_iter()
                .enumerate()
                .map(|(i, kind)| StateDecl {
                    name: format!("s{i}"),
                    kind,
                })
                .collect(),
            events: events
                .into_iter()
                .enumerate()
                .map(|(i, fs)| EventDecl {
                    name: format!("e{i}"),
                    fields: fs
                        .into_iter()
                        .enumerate()
                        .map(|(j, t)| (format!("f{j}"), t))
                        .collect(),
                })
                .collect(),
            handler: Function { blocks },
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn print_parse_round_trips(p in arb_program()) {
        let text = print(&p);
        let back = parse(&text);
        prop_assert_eq!(back, Ok(p), "text:\n{}", text);
    }

    #[test]
    fn verifier_never_panics_on_generated_programs(p in arb_program()) {
        let _ = verify(&p);
    }

    #[test]
    fn parser_never_panics_on_garbage(s in "\\PC{0,200}") {
        let _ = parse(&s);
    }

    #[test]
    fn parser_never_panics_on_mutated_program(cut in 0usize..2000, junk in "[%@!(){}<>,:=a-z0-9 \n\"]{0,8}") {
        let mut s: String = COUNTER.chars().take(cut).collect();
        s.push_str(&junk);
        s.extend(COUNTER.chars().skip(cut));
        let _ = parse(&s);
    }
}
