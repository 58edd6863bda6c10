//! Fuzzes the switch program file of `tandem switch --grpc ADDR PROGRAM.json`
//! and the device config of P4Runtime's SetForwardingPipelineConfig (both a
//! `pipe` program as JSON, `p4rt::server::program_from_device_config`): any
//! bytes are parsed and validated; a program that validates is loaded into a
//! switch, emitted as P4 for both architectures, described, and runs a few
//! packets. A refusal is an error value; nothing panics.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use pipe::{Program, Switch};

fuzz_target!(|data: &[u8]| {
    let Ok(program) = serde_json::from_slice::<Program>(data) else {
        return;
    };
    if program.validate().is_err() {
        return;
    }
    let _ = p4gen::emit(&program, p4gen::Arch::V1model);
    let _ = p4gen::emit(&program, p4gen::Arch::Tna);
    let _ = p4gen::p4info(&program);
    let Ok(mut sw) = Switch::new(program) else {
        return;
    };
    let frame: Vec<u8> = (0u8..80).collect();
    for (i, port) in [0u16, 1, 2].into_iter().enumerate() {
        let _ = sw.process(Duration::from_micros(i as u64), port, &frame[..20 + 30 * i]);
    }
    let _ = sw.poll_idle(Duration::from_secs(3600));
});
