//! First-fit stage placement.

use crate::resolved::Resolved;

use super::demand::{Unit, stateful_kind, stateful_name, stateful_objects};
use super::{Profile, Resource, ResourceError};

/// Free resources of one stage.
#[derive(Debug, Clone)]
pub(crate) struct Free {
    pub sram: u32,
    pub tcam: u32,
    pub salu: u32,
    pub tables: u32,
    pub hash: u32,
}

/// Where a unit went: first and last stage, and memory per stage.
#[derive(Debug, Clone)]
pub(crate) struct Placed {
    pub first: u32,
    pub last: u32,
    pub sram: Vec<(u32, u32)>,
    pub tcam: Vec<(u32, u32)>,
}

fn intersects(a: &[u32], b: &[u32]) -> bool {
    a.iter().any(|x| b.contains(x))
}

/// The earliest stage allowed by dependencies on earlier units of the same gress.
fn earliest(
    units: &[Unit],
    placed: &[Placed],
    i: usize,
    stages: u32,
) -> Result<u32, ResourceError> {
    let u = &units[i];
    let mut s = 0;
    let mut why = None;
    for (j, (v, pv)) in units[..i].iter().zip(placed).enumerate() {
        let exclusive = v
            .path
            .iter()
            .any(|(id, arm)| u.path.iter().any(|(id2, arm2)| id == id2 && arm != arm2));
        if v.gress != u.gress || exclusive {
            continue;
        }
        let dep = intersects(&v.writes, &u.match_reads)
            || intersects(&v.writes, &u.action_reads)
            || intersects(&v.writes, &u.writes);
        let need = if dep {
            pv.last + 1
        } else if u.successor_of == Some(j) {
            pv.first
        } else {
            0
        };
        if need > s {
            s = need;
            why = Some(j);
        }
    }
    if s >= stages {
        let after = why.map(|j| units[j].name.clone()).unwrap_or_default();
        return Err(ResourceError::OutOfStages {
            table: u.name.clone(),
            stage: s,
            after,
            stages,
        });
    }
    Ok(s)
}

pub(crate) fn place(
    r: &Resolved,
    p: &Profile,
    units: &[Unit],
) -> Result<Vec<Placed>, ResourceError> {
    let mut free: Vec<Free> = (0..p.stages)
        .map(|_| Free {
            sram: p.sram_blocks_per_stage,
            tcam: p.tcam_blocks_per_stage,
            salu: p.salus_per_stage,
            tables: p.tables_per_stage,
            hash: p.hash_bits_per_stage,
        })
        .collect();
    let mut reg_stage: Vec<Option<u32>> = vec![None; stateful_objects(r)];
    let mut placed: Vec<Placed> = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let e = earliest(units, &placed, i, p.stages)?;
        if u.register_sram > p.sram_blocks_per_stage {
            let g = u.registers.first().copied().unwrap_or(0);
            return Err(ResourceError::RegisterTooLarge {
                kind: stateful_kind(r, g),
                register: stateful_name(r, g),
                table: u.name.clone(),
                needed: u.register_sram,
                available: p.sram_blocks_per_stage,
            });
        }
        // Registers already placed pin the unit to their stage.
        let pinned: Vec<u32> = u
            .registers
            .iter()
            .filter_map(|&g| reg_stage[usize::from(g)])
            .collect();
        let candidates: Vec<u32> = match pinned.first() {
            Some(&s) if pinned.iter().all(|&x| x == s) && s >= e => vec![s],
            Some(&s) => {
                let g = u
                    .registers
                    .iter()
                    .copied()
                    .find(|&g| reg_stage[usize::from(g)].is_some())
                    .unwrap_or(0);
                return Err(ResourceError::RegisterStageConflict {
                    kind: stateful_kind(r, g),
                    register: stateful_name(r, g),
                    table: u.name.clone(),
                    stage: s,
                    earliest: e,
                });
            }
            None => (e..p.stages).collect(),
        };
        let new_regs: Vec<u16> = u
            .registers
            .iter()
            .copied()
            .filter(|&g| reg_stage[usize::from(g)].is_none())
            .collect();
        let new_reg_sram: u32 = if new_regs.len() == u.registers.len() {
            u.register_sram
        } else {
            0
        };
        let mut first_failure = None;
        let mut done = None;
        for &s in &candidates {
            match try_at(&free, p, u, s, new_regs.len() as u32, new_reg_sram) {
                Ok(pl) => {
                    done = Some(pl);
                    break;
                }
                Err(f) => {
                    first_failure.get_or_insert((s, f));
                }
            }
        }
        let Some(pl) = done else {
            let (stage, (resource, needed, available)) =
                first_failure.unwrap_or((e, (Resource::Stages, 1, 0)));
            return Err(ResourceError::DoesNotFit {
                table: u.name.clone(),
                resource,
                stage,
                earliest: e,
                needed,
                available,
            });
        };
        let f = &mut free[pl.first as usize];
        f.salu -= new_regs.len() as u32;
        f.sram -= new_reg_sram;
        f.hash -= u.hash_bits;
        for &(s, n) in &pl.sram {
            free[s as usize].sram -= n;
        }
        for &(s, n) in &pl.tcam {
            free[s as usize].tcam -= n;
        }
        for s in pl.first..=pl.last {
            free[s as usize].tables -= u.logical_tables;
        }
        for g in new_regs {
            reg_stage[usize::from(g)] = Some(pl.first);
        }
        placed.push(pl);
    }
    Ok(placed)
}

/// Tries to start unit `u` at stage `s`; on failure returns (resource, needed, free).
fn try_at(
    free: &[Free],
    p: &Profile,
    u: &Unit,
    s: u32,
    salus: u32,
    reg_sram: u32,
) -> Result<Placed, (Resource, u32, u32)> {
    let f = &free[s as usize];
    if f.tables < u.logical_tables {
        return Err((Resource::LogicalTables, u.logical_tables, f.tables));
    }
    if f.salu < salus {
        return Err((Resource::StatefulAlu, salus, f.salu));
    }
    if f.hash < u.hash_bits {
        return Err((Resource::HashBits, u.hash_bits, f.hash));
    }
    if f.sram < reg_sram {
        return Err((Resource::Sram, reg_sram, f.sram));
    }
    // Spread table memory from stage s on.
    let mut sram_left = u.sram;
    let mut tcam_left = u.tcam;
    let mut sram = Vec::new();
    let mut tcam = Vec::new();
    let mut last = s;
    let mut stage = s;
    while sram_left > 0 || tcam_left > 0 {
        if stage >= p.stages {
            let (res, need, have) = if sram_left > 0 {
                (Resource::Sram, u.sram + reg_sram, f.sram)
            } else {
                (Resource::Tcam, u.tcam, f.tcam)
            };
            return Err((res, need, have));
        }
        let fs = &free[stage as usize];
        if stage > s && fs.tables < u.logical_tables {
            return Err((Resource::LogicalTables, u.logical_tables, fs.tables));
        }
        let avail_sram = if stage == s {
            fs.sram - reg_sram
        } else {
            fs.sram
        };
        let take_s = sram_left.min(avail_sram);
        let take_t = tcam_left.min(fs.tcam);
        if take_s > 0 {
            sram.push((stage, take_s));
        }
        if take_t > 0 {
            tcam.push((stage, take_t));
        }
        // A table must hold some of its memory in its first stage.
        if stage == s && take_s == 0 && take_t == 0 {
            let (res, need, have) = if u.sram > 0 {
                (Resource::Sram, u.sram, avail_sram)
            } else {
                (Resource::Tcam, u.tcam, fs.tcam)
            };
            return Err((res, need, have));
        }
        sram_left -= take_s;
        tcam_left -= take_t;
        last = stage;
        stage += 1;
    }
    Ok(Placed {
        first: s,
        last,
        sram,
        tcam,
    })
}
