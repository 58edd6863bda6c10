//! Tandem's P4Info against the one p4c derives (`p4c-bm2-ss --p4runtime-files`)
//! from the v1model P4 Tandem emits for the same program (the `pipe` examples,
//! PayloadPark's program, CoFilter's at two fingerprint widths): the same tables
//! (match fields with names, kinds and widths; actions; sizes; idle-timeout
//! behaviour), actions with the same parameters, registers and counters. Ids
//! differ by design (ours count positions, p4c's hash names). p4c lists more:
//! the objects of Gallium's atomic update in the emitted P4 (`*_wb` tables,
//! `tandem_*` actions and the `tandem_wb_flag` table) and `NoAction`, which Tandem's P4Info
//! leaves out (the switch runs that protocol for DATAPLANE_ATOMIC writes).
//!
//! Needs p4c (PATH or TANDEM_P4C); skipped with a printed reason when it is
//! missing, unless TANDEM_REQUIRE_TOOLS=1.

use std::collections::BTreeMap;

use p4gen::p4c::P4c;
use p4rt::proto::p4::config::v1 as cfg;

fn p4c() -> Option<P4c> {
    match P4c::find() {
        Ok(p) => Some(p),
        Err(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            None
        }
    }
}

/// An object's alias without p4c's control qualifier: an action that the
/// emitted P4 declares in both ingress and egress (a `pipe` action is one
/// object that either gress may run) gets the aliases `TandemIngress.drop` and
/// `TandemEgress.drop` from p4c, and the one name `drop` in Tandem's P4Info.
fn name(p: Option<&cfg::Preamble>) -> String {
    p.map_or(String::new(), |p| {
        p.alias
            .strip_prefix("TandemIngress.")
            .or_else(|| p.alias.strip_prefix("TandemEgress."))
            .unwrap_or(&p.alias)
            .to_string()
    })
}

/// p4c's P4Info for `program`'s emitted v1model source.
fn p4c_info(p4c: &P4c, program: &pipe::Program) -> cfg::P4Info {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let src = p4gen::emit(program, p4gen::Arch::V1model).expect("emits");
    let file = dir.path().join("prog.p4");
    std::fs::write(&file, src).expect("writes the P4 file");
    let txt = dir.path().join("prog.p4info.txtpb");
    let out = std::process::Command::new(&p4c.bm2)
        .arg(&file)
        .arg("-o")
        .arg(dir.path().join("prog.json"))
        .arg("--p4runtime-files")
        .arg(&txt)
        .output()
        .expect("runs p4c-bm2-ss");
    assert!(
        out.status.success(),
        "p4c-bm2-ss refused {}: {}",
        program.name,
        String::from_utf8_lossy(&out.stderr)
    );
    p4rt::from_text(&std::fs::read_to_string(&txt).expect("p4c wrote the P4Info"))
        .expect("p4c's P4Info parses")
}

fn is_atomic_update_machinery(name: &str) -> bool {
    name.starts_with("tandem_") || name.ends_with("_wb") || name == "NoAction"
}

fn compare(program: &pipe::Program, theirs: &cfg::P4Info) {
    let ours = p4rt::p4info(program).expect("our P4Info");
    let who = &program.name;
    let action_names = |info: &cfg::P4Info| -> BTreeMap<u32, String> {
        info.actions
            .iter()
            .map(|a| {
                (
                    a.preamble.as_ref().map_or(0, |p| p.id),
                    name(a.preamble.as_ref()),
                )
            })
            .collect()
    };
    let (our_actions, their_actions) = (action_names(&ours), action_names(theirs));

    let their_tables: BTreeMap<String, &cfg::Table> = theirs
        .tables
        .iter()
        .map(|t| (name(t.preamble.as_ref()), t))
        .collect();
    for t in &ours.tables {
        let n = name(t.preamble.as_ref());
        let p = their_tables
            .get(&n)
            .unwrap_or_else(|| panic!("{who}: p4c has no table `{n}`"));
        let fields = |t: &cfg::Table| -> Vec<(u32, String, i32, Option<cfg::match_field::Match>)> {
            t.match_fields
                .iter()
                .map(|m| (m.id, m.name.clone(), m.bitwidth, m.r#match.clone()))
                .collect()
        };
        assert_eq!(fields(t), fields(p), "{who}: table `{n}`: match fields");
        let refs = |t: &cfg::Table, names: &BTreeMap<u32, String>| -> Vec<String> {
            let mut v: Vec<String> = t
                .action_refs
                .iter()
                .map(|r| names[&r.id].clone())
                .filter(|n| !is_atomic_update_machinery(n))
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            refs(t, &our_actions),
            refs(p, &their_actions),
            "{who}: table `{n}`: actions"
        );
        assert_eq!(t.size, p.size, "{who}: table `{n}`: size");
        assert_eq!(
            t.idle_timeout_behavior, p.idle_timeout_behavior,
            "{who}: table `{n}`: idle timeout"
        );
        let default = |t: &cfg::Table, names: &BTreeMap<u32, String>| {
            t.initial_default_action
                .as_ref()
                .map(|d| (names[&d.action_id].clone(), d.arguments.len()))
        };
        assert_eq!(
            default(t, &our_actions),
            default(p, &their_actions),
            "{who}: table `{n}`: default action"
        );
    }
    for (n, _) in their_tables
        .iter()
        .filter(|(n, _)| !ours.tables.iter().any(|t| name(t.preamble.as_ref()) == **n))
    {
        assert!(
            is_atomic_update_machinery(n),
            "{who}: p4c lists table `{n}` that Tandem's P4Info lacks"
        );
    }

    let params = |info: &cfg::P4Info| -> BTreeMap<String, Vec<(u32, String, i32)>> {
        info.actions
            .iter()
            .map(|a| {
                (
                    name(a.preamble.as_ref()),
                    a.params
                        .iter()
                        .map(|p| (p.id, p.name.clone(), p.bitwidth))
                        .collect(),
                )
            })
            .filter(|(n, _)| !is_atomic_update_machinery(n))
            .collect()
    };
    assert_eq!(
        params(&ours),
        params(theirs),
        "{who}: actions and their parameters"
    );

    let registers = |info: &cfg::P4Info| -> BTreeMap<String, (Option<cfg::P4DataTypeSpec>, i32)> {
        info.registers
            .iter()
            .map(|r| (name(r.preamble.as_ref()), (r.type_spec.clone(), r.size)))
            .filter(|(n, _)| !is_atomic_update_machinery(n))
            .collect()
    };
    assert_eq!(registers(&ours), registers(theirs), "{who}: registers");
    let counters = |info: &cfg::P4Info| -> BTreeMap<String, (Option<cfg::CounterSpec>, i64)> {
        info.counters
            .iter()
            .map(|c| (name(c.preamble.as_ref()), (c.spec, c.size)))
            .collect()
    };
    assert_eq!(counters(&ours), counters(theirs), "{who}: counters");
    let meters = |info: &cfg::P4Info| -> BTreeMap<String, (Option<cfg::MeterSpec>, i64)> {
        info.meters
            .iter()
            .map(|m| (name(m.preamble.as_ref()), (m.spec, m.size)))
            .collect()
    };
    assert_eq!(meters(&ours), meters(theirs), "{who}: meters");
}

fn programs() -> Vec<pipe::Program> {
    let mut v = vec![
        pipe::examples::nat(),
        pipe::examples::acl(),
        pipe::examples::l2l3_forwarder(),
        pipe::examples::recirc_cpu(),
        pipe::examples::policer(),
        park::program::build(&park::ParkConfig::default()),
    ];
    // CoFilter's switch part at two fingerprint widths (a small budget keeps
    // p4c quick; the tables' shape does not depend on it).
    for fp_bits in [7, 15] {
        let layout = filter::layout::Layout::for_budget(1 << 20, fp_bits, 16, 1024, 0)
            .expect("CoFilter layout");
        let (placement, _) = filter::program::resources(layout).expect("CoFilter fits");
        v.push(filter::program::build(&placement).expect("CoFilter program"));
    }
    v
}

#[test]
fn tandem_p4info_matches_what_p4c_derives() {
    let Some(p4c) = p4c() else { return };
    for program in programs() {
        let theirs = p4c_info(&p4c, &program);
        compare(&program, &theirs);
    }
}

#[test]
fn a_difference_is_caught() {
    // The comparison itself must be able to fail: widen one key field of the
    // program behind p4c's back and expect a panic naming it.
    let Some(p4c) = p4c() else { return };
    let program = pipe::examples::nat();
    let mut theirs = p4c_info(&p4c, &program);
    let nat = theirs
        .tables
        .iter_mut()
        .find(|t| {
            t.preamble
                .as_ref()
                .is_some_and(|p| p.name.ends_with(".nat"))
        })
        .expect("p4c's nat table");
    nat.match_fields[2].bitwidth = 16;
    let r = std::panic::catch_unwind(|| compare(&program, &theirs));
    let msg = r
        .err()
        .and_then(|e| e.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    assert!(msg.contains("match fields"), "{msg}");
}

#[test]
fn text_and_binary_formats_round_trip() {
    for program in programs() {
        let info = p4rt::p4info(&program).unwrap();
        let text = p4rt::to_text(&info).unwrap();
        assert!(
            text.contains(&format!("name: \"{}\"", program.tables[0].name)),
            "{text}"
        );
        assert_eq!(p4rt::from_text(&text).unwrap(), info);
        assert_eq!(p4rt::from_bytes(&p4rt::to_bytes(&info)).unwrap(), info);
    }
    let e = p4rt::from_text("tables { nonsense: 1 }").unwrap_err();
    assert!(e.to_string().contains("nonsense"), "{e}");
}
