//! Parser graph resolution and the no-loops check.

use crate::error::ProgramError;
use crate::program::*;
use crate::resolved::*;

use super::{Names, index, lower};

pub(super) fn resolve_parser(
    p: &Program,
    names: &Names<'_>,
) -> Result<(Vec<RState>, RNext), ProgramError> {
    let state_idx = index(&p.parser.states, |s| s.name.as_str(), "parser state")?;
    let next = |place: &str, n: &Next| -> Result<RNext, ProgramError> {
        Ok(match n {
            Next::Accept => RNext::Accept,
            Next::Reject => RNext::Reject,
            Next::State(s) => RNext::State(
                *state_idx
                    .get(s.as_str())
                    .ok_or_else(|| ProgramError::unknown(place, "parser state", s))?,
            ),
        })
    };
    let mut states = Vec::new();
    for s in &p.parser.states {
        let place = format!("parser state `{}`", s.name);
        let mut extract = Vec::new();
        for h in &s.extract {
            extract.push(
                *names
                    .headers
                    .get(h.as_str())
                    .ok_or_else(|| ProgramError::unknown(&place, "header", h))?,
            );
        }
        let transition = match &s.transition {
            Transition::Next(n) => RTrans::Next(next(&place, n)?),
            Transition::Select {
                fields,
                cases,
                default,
            } => {
                let mut fs = Vec::new();
                let mut bits = 0u32;
                for f in fields {
                    let (slot, w) = lower::lookup_field(names, &place, f)?;
                    bits += u32::from(w);
                    fs.push((slot, w));
                }
                if fs.is_empty() || bits > 64 {
                    return Err(ProgramError::BadWidth {
                        place,
                        width: bits,
                        allowed: "select keys of 1..=64 bits",
                    });
                }
                let keymask = if bits == 64 {
                    u64::MAX
                } else {
                    (1u64 << bits) - 1
                };
                let mut rc = Vec::new();
                for c in cases {
                    if c.value & c.mask & !keymask != 0 {
                        return Err(ProgramError::ConstTooWide {
                            place,
                            value: c.value,
                            width: bits as u8,
                        });
                    }
                    rc.push((c.value & keymask, c.mask & keymask, next(&place, &c.next)?));
                }
                RTrans::Select {
                    fields: fs,
                    cases: rc,
                    default: next(&place, default)?,
                }
            }
        };
        states.push(RState {
            name: s.name.clone(),
            extract,
            transition,
        });
    }
    let start = next("parser start", &Next::State(p.parser.start.clone()))?;
    check_acyclic(&states)?;
    Ok((states, start))
}

/// Depth-first search with colours; a grey successor closes a cycle.
fn check_acyclic(states: &[RState]) -> Result<(), ProgramError> {
    fn succ(s: &RState) -> Vec<u16> {
        let mut out = Vec::new();
        let mut push = |n: &RNext| {
            if let RNext::State(i) = n {
                out.push(*i);
            }
        };
        match &s.transition {
            RTrans::Next(n) => push(n),
            RTrans::Select { cases, default, .. } => {
                cases.iter().for_each(|c| push(&c.2));
                push(default);
            }
        }
        out
    }
    let mut colour = vec![0u8; states.len()];
    for root in 0..states.len() {
        if colour[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, succ(&states[root]), 0usize)];
        colour[root] = 1;
        while let Some((node, next, pos)) = stack.last_mut() {
            if let Some(&n) = next.get(*pos) {
                *pos += 1;
                let n = usize::from(n);
                match colour[n] {
                    1 => {
                        return Err(ProgramError::ParserLoop {
                            state: states[n].name.clone(),
                        });
                    }
                    0 => {
                        colour[n] = 1;
                        let s = succ(&states[n]);
                        stack.push((n, s, 0));
                    }
                    _ => {}
                }
            } else {
                colour[*node] = 2;
                stack.pop();
            }
        }
    }
    Ok(())
}
