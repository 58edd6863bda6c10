//! Fuzzes the MPS reader (the format `tandem plan --export-mps` writes): any bytes
//! must read as a model or fail with an error at a real (1-based) line; a model
//! that reads must write and read back to the same shape.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plan::{PlanError, mps};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match mps::read_mps(&text) {
        Err(PlanError::Mps { line, .. }) => assert!(line >= 1),
        Err(other) => panic!("unexpected error kind: {other}"),
        Ok(m) => {
            let back = mps::read_mps(&mps::write_mps(&m)).expect("reads what it wrote");
            assert_eq!(back.columns.len(), m.columns.len());
            assert_eq!(back.rows.len(), m.rows.len());
        }
    }
});
