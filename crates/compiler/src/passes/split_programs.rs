//! Pass `split_programs`: turns the labelled regions into the three programs'
//! interfaces — the punt points where pre-processing hands a packet to the
//! server and the resume points where post-processing takes it back — with the
//! SSA values live across each (what the transfer header must carry).
//!
//! Before: labels only. After (MazuNAT):
//!
//! ```text
//! punt   0 at bb11:0   values %10 %15 %19 %9         (proto, key, allocated port, sport)
//! resume 0 at bb12     values %28                    (the external port)
//! ```
//!
//! The pre-processing program is every `pre` operation and ends at a verdict or
//! a punt point; the server program starts at punt points and ends at a resume
//! point or a verdict of its own ([`SERVER_VERDICT`]); the post-processing program
//! starts at resume points.

use crate::context::{Compilation, CompileError, at};
use crate::model::{Label, PuntPoint, ResumePoint};
use crate::passes::label_operations::miss_key;

/// Resume point number the server uses when it decided the verdict itself (a
/// block with server work ends in `forward`): the values are the 2-byte port.
pub const SERVER_VERDICT: u16 = u16::MAX;

/// Runs the pass.
pub fn split_programs(c: &mut Compilation) -> Result<(), CompileError> {
    let f = &c.program.handler;
    let mut punts = Vec::new();
    for op in &c.ops {
        let b = op.at.block as usize;
        let i = op.at.index as usize;
        // A punt point: the first server operation of a block the switch enters.
        let starts_server = op.labels.contains(&Label::Server)
            && c.pre_blocks[b]
            && (i == 0
                || c.ops
                    .iter()
                    .any(|o| o.at == at(b, i - 1) && o.labels.contains(&Label::Pre)));
        if starts_server && !op.labels.contains(&Label::Pre) {
            let mut values: Vec<_> = c
                .liveness
                .live_at(f, &c.cfg.succ, b, i)
                .into_iter()
                .collect();
            // A miss punt carries the key that missed, so the server can tell
            // whether the switch missed a key the primary holds (stale).
            if let Some((_, key)) = (i == 0).then(|| miss_key(c, b)).flatten() {
                if !values.contains(&key) {
                    values.push(key);
                    values.sort();
                }
            }
            punts.push(PuntPoint {
                id: number(punts.len(), "punt points")?,
                at: op.at,
                values,
                miss: i == 0 && c.miss_punt_blocks.get(b).copied().unwrap_or(false),
            });
        }
    }
    let mut resumes = Vec::new();
    for b in 0..f.blocks.len() {
        let entered_from_server = c.cfg.pred[b].iter().any(|&p| c.server_blocks[p]);
        if c.post_blocks[b] && entered_from_server {
            let values = c
                .liveness
                .live_at(f, &c.cfg.succ, b, 0)
                .into_iter()
                .collect();
            resumes.push(ResumePoint {
                id: number(resumes.len(), "resume points")?,
                block: u32::try_from(b).unwrap_or(u32::MAX),
                values,
            });
        }
    }
    c.punts = punts;
    c.resumes = resumes;
    Ok(())
}

fn number(n: usize, what: &str) -> Result<u16, CompileError> {
    u16::try_from(n)
        .ok()
        .filter(|&n| n < SERVER_VERDICT)
        .ok_or_else(|| CompileError::Pass {
            pass: "split_programs",
            message: format!("more {what} than the transfer header can number"),
        })
}
