//! Cleanup passes over the IR, p4c-style: one pass per file, each a function
//! `fn(&mut Program) -> bool` (true if it changed something), and the order in
//! one list, [`CLEANUP`]. [`run`] verifies after every pass, so a pass that breaks
//! an invariant is caught at the pass that broke it.

mod eliminate_dead_values;
mod fold_constants;
mod remove_unreachable_blocks;
mod thread_jumps;

pub use eliminate_dead_values::eliminate_dead_values;
pub use fold_constants::fold_constants;
pub use remove_unreachable_blocks::remove_unreachable_blocks;
pub use thread_jumps::thread_jumps;

use crate::program::Program;
use crate::verify::{VerifyError, verify};

/// A pass: transforms the program, returns whether anything changed.
pub type Pass = fn(&mut Program) -> bool;

/// The cleanup pipeline, in order; `lang` runs it after lowering.
pub const CLEANUP: [(&str, Pass); 4] = [
    ("fold_constants", fold_constants),
    ("eliminate_dead_values", eliminate_dead_values),
    ("thread_jumps", thread_jumps),
    ("remove_unreachable_blocks", remove_unreachable_blocks),
];

/// Runs `passes` in order, verifying after each. On a verification failure,
/// returns the pass name and the errors (the program is left as that pass made it).
pub fn run(p: &mut Program, passes: &[(&str, Pass)]) -> Result<(), (String, Vec<VerifyError>)> {
    for (name, pass) in passes {
        pass(p);
        verify(p).map_err(|e| ((*name).to_string(), e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, print};

    const BEFORE: &str = "program p

handler {
bb0:
  %0: bit<16> = const 16w0
  %1: bool = valid tcp    ; reads tcp.valid
  br %1, bb1, bb2
bb1:
  %2: bit<16> = get tcp.src_port    ; reads tcp.valid, tcp.src_port
  jump bb3(%2, %0)
bb2:
  jump bb4
bb3(%3: bit<16>, %4: bit<16>):
  %5: bit<16> = const 16w1
  %6: bit<16> = add %5, %5
  forward %3
bb4:
  jump bb5
bb5:
  drop
}
";

    const AFTER: &str = "program p

handler {
bb0:
  %1: bool = valid tcp    ; reads tcp.valid
  br %1, bb1, bb3
bb1:
  %2: bit<16> = get tcp.src_port    ; reads tcp.valid, tcp.src_port
  jump bb2(%2)
bb2(%3: bit<16>):
  forward %3
bb3:
  drop
}
";

    #[test]
    fn cleanup_removes_dead_values_and_params_and_threads_jumps() {
        let mut p = parse(BEFORE).expect("parses");
        verify(&p).expect("input verifies");
        run(&mut p, &CLEANUP).expect("every pass verifies");
        assert_eq!(print(&p), AFTER);
        // A second run changes nothing.
        let again = p.clone();
        assert!(
            !eliminate_dead_values(&mut p)
                && !thread_jumps(&mut p)
                && !remove_unreachable_blocks(&mut p)
        );
        assert_eq!(p, again);
    }

    #[test]
    fn constants_fold_with_the_interpreter_arithmetic() {
        let src = "program f

handler {
bb0:
  %0: bit<8> = const 8w2
  %1: bit<8> = const 8w16
  %2: bit<8> = or %0, %1
  %3: bit<8> = const 8w250
  %4: bit<8> = add %3, %1
  %5: (bit<8>, bool) = tuple (%2, %6)
  %6: bool = const true
  %7: bit<16> = cast bit<16>, %4
  %8: bool = lt %0, %1
  %9: bit<16> = select %8, %7, %7
  %10: bit<16> = neg %9
  forward %10
}
";
        let mut p = parse(src).expect("parses");
        assert!(
            verify(&p).is_err(),
            "uses %6 before its definition: folding must not rely on order"
        );
        p.handler.blocks[0].insts.swap(5, 6);
        verify(&p).expect("verifies");
        run(&mut p, &CLEANUP).expect("verifies after each pass");
        // or 2,16 = 18; 250+16 wraps to 10 in bit<8>; -10 in bit<16> = 65526.
        let text = print(&p);
        assert!(text.contains("const 16w65526"), "{text}");
        assert_eq!(p.handler.blocks[0].insts.len(), 1, "{text}");
    }

    #[test]
    fn unused_map_lookups_and_effects_are_kept() {
        let src = "program k\n\nstate @m: map<bit<8>, bit<8>> capacity 4\n\nhandler {\nbb0:\n  %0: bit<8> = const 8w1\n  %1: bool, %2: bit<8> = map.get @m, %0    ; reads @m[%0]\n  set ipv4.ttl, %0    ; reads ipv4.valid writes ipv4.ttl\n  drop\n}\n";
        let mut p = parse(src).expect("parses");
        assert!(!eliminate_dead_values(&mut p));
        assert_eq!(print(&p), src);
    }
}
