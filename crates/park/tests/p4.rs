//! The Split/Merge program fits the Tofino-1 profile and is emitted as P4_16 for
//! both architectures; golden files in `testdata/` (regenerate with
//! `TANDEM_BLESS=1 cargo test -p park --test p4`).

use p4gen::Arch;
use park::{ParkConfig, program};
use pipe::resources::{self, Profile};

fn golden(name: &str, text: &str) {
    let path = format!("{}/testdata/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("TANDEM_BLESS").is_some() {
        std::fs::create_dir_all(format!("{}/testdata", env!("CARGO_MANIFEST_DIR"))).expect("mkdir");
        std::fs::write(&path, text).expect("write golden");
        return;
    }
    let want = std::fs::read_to_string(&path).expect("golden file exists (TANDEM_BLESS=1)");
    assert!(
        want == text,
        "{path} differs; rerun with TANDEM_BLESS=1 and review the diff"
    );
}

#[test]
fn default_program_fits_tofino1_and_matches_golden_p4() {
    let cfg = ParkConfig::default();
    let prog = program::build(&cfg);
    let report = resources::check(&prog, &Profile::tofino1()).expect("fits Tofino-1");
    assert!(report.stages_used <= 12);
    golden(
        "payload_park.v1model.p4",
        &p4gen::emit(&prog, Arch::V1model).expect("emits"),
    );
    golden(
        "payload_park.tna.p4",
        &p4gen::emit(&prog, Arch::Tna).expect("emits"),
    );
    golden("payload_park.resources.txt", &report.to_string());
}

#[test]
fn recirculation_program_fits_tofino1_and_matches_golden_p4() {
    let cfg = ParkConfig {
        park_bytes: 352,
        recirculate: true,
        ..Default::default()
    };
    let prog = program::build(&cfg);
    let report = resources::check(&prog, &Profile::tofino1()).expect("fits Tofino-1");
    golden(
        "payload_park_recirc.v1model.p4",
        &p4gen::emit(&prog, Arch::V1model).expect("emits"),
    );
    golden(
        "payload_park_recirc.tna.p4",
        &p4gen::emit(&prog, Arch::Tna).expect("emits"),
    );
    golden("payload_park_recirc.resources.txt", &report.to_string());
}

#[test]
fn the_checker_refuses_more_memory_than_a_pipe_has() {
    // 65,536 slots × 160 B = 10 MiB in 20 arrays of 64 blocks each: more than 4
    // arrays of 64 blocks fit in a stage's 80 blocks only one at a time.
    let mut cfg = ParkConfig::default();
    cfg.slices[0].slots = 65_536;
    let err =
        resources::check(&program::build(&cfg), &Profile::tofino1()).expect_err("does not fit");
    assert!(err.to_string().contains("SRAM"), "{err}");
}
