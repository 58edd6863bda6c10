//! The execution loop: one packet through the loaded code.

use crate::code::{Code, Copies, Inst, NONE};
use crate::packet::Layout;
use crate::session::SessionView;
use crate::state::{Obj, State};
use crate::{Event, ExecError, MapWrite, Verdict};
use ir::eval::{binary, unary};
use ir::{HashAlg, UnOp};

/// Upper bound on jumps taken per packet: the language's loops are
/// bounded, but IR from elsewhere might not be; a runaway handler is an error,
/// not a hang.
pub(crate) const STEP_LIMIT: u64 = 10_000_000;

/// Per-packet scratch, reused across packets (no allocation per packet).
pub(crate) struct Scratch {
    pub slots: Vec<u64>,
    pub copy: Vec<u64>,
    pub bytes: Vec<u8>,
    pub value: Vec<u64>,
}

pub(crate) struct Ctx<'a> {
    pub code: &'a Code,
    pub state: &'a mut State,
    pub scratch: &'a mut Scratch,
    pub events: &'a mut Vec<Event>,
    pub event_names: &'a [String],
    /// When present, every map insert and remove is recorded here.
    pub journal: Option<&'a mut Vec<MapWrite>>,
    /// When present, every map lookup is recorded here: (map, key slots).
    pub reads: Option<&'a mut Vec<(u32, Vec<u64>)>>,
    /// Whether entering an exit block ends the run.
    pub stop_at_exits: bool,
    /// Header offsets computed by the caller (a shared parse); `None`: parse here.
    pub layout: Option<Layout>,
    /// The session module's results for this packet (default when the
    /// program reads none).
    pub session: SessionView,
}

/// How a run ended.
pub(crate) enum End {
    Verdict(Verdict),
    Exit(u32),
}

impl Ctx<'_> {
    /// Runs from `pc` (slots already hold the live values) to a verdict or an exit.
    pub fn run_at(
        &mut self,
        start: usize,
        frame: &mut [u8],
        in_port: u16,
        now: u64,
    ) -> Result<End, ExecError> {
        let layout = self.layout.unwrap_or_else(|| Layout::parse(frame));
        let code = self.code;
        let mut pc = start;
        let mut steps = 0u64;
        loop {
            let Some(inst) = code.insts.get(pc) else {
                return Err(ExecError::FellOff);
            };
            pc += 1;
            let s = &mut self.scratch.slots;
            match *inst {
                Inst::Copy { dst, src, n } => {
                    s.copy_within(src as usize..(src + n) as usize, dst as usize)
                }
                Inst::Not { dst, a, width } => {
                    s[dst as usize] = unary(UnOp::Not, s[a as usize], width)
                }
                Inst::Neg { dst, a, width } => {
                    s[dst as usize] = unary(UnOp::Neg, s[a as usize], width)
                }
                Inst::Bin {
                    op,
                    dst,
                    a,
                    b,
                    width,
                } => s[dst as usize] = binary(op, s[a as usize], s[b as usize], width),
                Inst::EqN { dst, a, b, n, ne } => {
                    let eq = s[a as usize..(a + n) as usize] == s[b as usize..(b + n) as usize];
                    s[dst as usize] = u64::from(eq != ne);
                }
                Inst::Mask { dst, a, mask } => s[dst as usize] = s[a as usize] & mask,
                Inst::Select { dst, c, a, b, n } => {
                    let src = if s[c as usize] != 0 { a } else { b };
                    s.copy_within(src as usize..(src + n) as usize, dst as usize);
                }
                Inst::InPort { dst } => s[dst as usize] = u64::from(in_port),
                Inst::Now { dst } => s[dst as usize] = now,
                Inst::Session { dst, f } => s[dst as usize] = self.session.get(f),
                Inst::Valid { dst, h } => s[dst as usize] = u64::from(layout.valid(h)),
                Inst::Get { dst, f } => s[dst as usize] = layout.get(frame, f),
                Inst::Set { f, src } => layout.set(frame, f, s[src as usize]),
                Inst::PayloadLen { dst } => s[dst as usize] = layout.payload(frame).len() as u64,
                Inst::PayloadByte { dst, idx } => {
                    let i = s[idx as usize];
                    let p = layout.payload(frame);
                    s[dst as usize] = usize::try_from(i)
                        .ok()
                        .and_then(|i| p.get(i))
                        .map_or(0, |b| u64::from(*b));
                }
                Inst::PayloadContains { dst, pat } => {
                    let found = code.patterns[pat as usize]
                        .1
                        .find(layout.payload(frame))
                        .is_some();
                    s[dst as usize] = u64::from(found);
                }
                Inst::PayloadStarts { dst, pat } => {
                    s[dst as usize] = u64::from(
                        layout
                            .payload(frame)
                            .starts_with(&code.patterns[pat as usize].0),
                    );
                }
                Inst::Hash { dst, alg, args } => {
                    let bytes = &mut self.scratch.bytes;
                    bytes.clear();
                    for &(slot, leaf) in &code.hash_args[args as usize] {
                        let v = s[slot as usize];
                        let n = leaf.bytes();
                        bytes.extend_from_slice(&v.to_be_bytes()[8 - n..]);
                    }
                    s[dst as usize] = match alg {
                        HashAlg::Crc16 => u64::from(wire::crc::crc16(bytes)),
                        HashAlg::Crc32 => u64::from(wire::crc::crc32(bytes)),
                    };
                }
                Inst::MapGet {
                    map,
                    key,
                    found,
                    dst,
                } => {
                    let kn = code.key_slots[map as usize] as usize;
                    let Obj::Map(m) = &mut self.state.objs[map as usize] else {
                        return Err(ExecError::BadState(map));
                    };
                    let val = &mut self.scratch.value;
                    let vn = m.value_slots();
                    val.resize(vn, 0);
                    let k = &s[key as usize..key as usize + kn];
                    if let Some(r) = self.reads.as_deref_mut() {
                        r.push((map, k.to_vec()));
                    }
                    let hit = m.get(k, now, val);
                    if !hit {
                        val.iter_mut().for_each(|x| *x = 0);
                    }
                    if found != NONE {
                        s[found as usize] = u64::from(hit);
                    }
                    if dst != NONE {
                        s[dst as usize..dst as usize + vn].copy_from_slice(val);
                    }
                }
                Inst::MapInsert { map, key, val, ok } => {
                    let kn = code.key_slots[map as usize] as usize;
                    let Obj::Map(m) = &mut self.state.objs[map as usize] else {
                        return Err(ExecError::BadState(map));
                    };
                    let vn = m.value_slots();
                    let (k, v) = (
                        &s[key as usize..key as usize + kn],
                        &s[val as usize..val as usize + vn],
                    );
                    let existed = self.journal.is_some() && m.contains(k, now);
                    let done = m.insert(k, v, now);
                    if let (Some(j), true) = (self.journal.as_deref_mut(), done) {
                        j.push(MapWrite {
                            state: map,
                            key: k.to_vec(),
                            value: Some(v.to_vec()),
                            existed,
                        });
                    }
                    if ok != NONE {
                        s[ok as usize] = u64::from(done);
                    }
                }
                Inst::MapRemove { map, key } => {
                    let kn = code.key_slots[map as usize] as usize;
                    let Obj::Map(m) = &mut self.state.objs[map as usize] else {
                        return Err(ExecError::BadState(map));
                    };
                    let k = &s[key as usize..key as usize + kn];
                    if let Some(j) = self.journal.as_deref_mut() {
                        if m.contains(k, now) {
                            j.push(MapWrite {
                                state: map,
                                key: k.to_vec(),
                                value: None,
                                existed: true,
                            });
                        }
                    }
                    m.remove(k);
                }
                Inst::ArrayGet { obj, idx, dst } => {
                    let Obj::Array {
                        elem_slots,
                        len,
                        data,
                        ..
                    } = &self.state.objs[obj as usize]
                    else {
                        return Err(ExecError::BadState(obj));
                    };
                    let i = (s[idx as usize] % (*len).max(1) as u64) as usize * elem_slots;
                    s[dst as usize..dst as usize + elem_slots]
                        .copy_from_slice(&data[i..i + elem_slots]);
                }
                Inst::ArraySet { obj, idx, src } => {
                    let Obj::Array {
                        elem_slots,
                        len,
                        data,
                        ..
                    } = &mut self.state.objs[obj as usize]
                    else {
                        return Err(ExecError::BadState(obj));
                    };
                    let i = (s[idx as usize] % (*len).max(1) as u64) as usize * *elem_slots;
                    data[i..i + *elem_slots]
                        .copy_from_slice(&s[src as usize..src as usize + *elem_slots]);
                }
                Inst::RegGet { obj, dst, n } => {
                    let Obj::Register { data, .. } = &self.state.objs[obj as usize] else {
                        return Err(ExecError::BadState(obj));
                    };
                    s[dst as usize..(dst + n) as usize].copy_from_slice(data);
                }
                Inst::RegSet { obj, src, n } => {
                    let Obj::Register { data, .. } = &mut self.state.objs[obj as usize] else {
                        return Err(ExecError::BadState(obj));
                    };
                    data.copy_from_slice(&s[src as usize..(src + n) as usize]);
                }
                Inst::Emit { ev, args } => {
                    let fields = code.emit_args[args as usize]
                        .iter()
                        .map(|(slot, t)| crate::layout::unflatten(t, s, &mut (*slot as usize)))
                        .collect();
                    let name = self
                        .event_names
                        .get(ev as usize)
                        .cloned()
                        .unwrap_or_default();
                    self.events.push(Event {
                        time_ns: now,
                        event: ir::EventId(ev),
                        name,
                        fields,
                    });
                }
                Inst::Jump { to, copies } => {
                    // Only jumps can repeat code, so counting them bounds the run.
                    steps += 1;
                    if steps > STEP_LIMIT {
                        return Err(ExecError::StepLimit(STEP_LIMIT));
                    }
                    self.copy_args(copies);
                    pc = to as usize;
                }
                Inst::Branch { c, t, tc, e, ec } => {
                    steps += 1;
                    if steps > STEP_LIMIT {
                        return Err(ExecError::StepLimit(STEP_LIMIT));
                    }
                    if s[c as usize] != 0 {
                        self.copy_args(tc);
                        pc = t as usize;
                    } else {
                        self.copy_args(ec);
                        pc = e as usize;
                    }
                }
                Inst::BranchValid { h, t, tc, e, ec } => {
                    steps += 1;
                    if steps > STEP_LIMIT {
                        return Err(ExecError::StepLimit(STEP_LIMIT));
                    }
                    pc = self.take(layout.valid(h), t, tc, e, ec);
                }
                Inst::BranchCmp {
                    op,
                    a,
                    b,
                    t,
                    tc,
                    e,
                    ec,
                } => {
                    steps += 1;
                    if steps > STEP_LIMIT {
                        return Err(ExecError::StepLimit(STEP_LIMIT));
                    }
                    let c = binary(op, s[a as usize], s[b as usize], 64) != 0;
                    pc = self.take(c, t, tc, e, ec);
                }
                Inst::Gather {
                    copies: (start, len),
                } => {
                    for &(src, dst) in &code.copies[start as usize..(start + len) as usize] {
                        s[dst as usize] = s[src as usize];
                    }
                }
                Inst::Forward { port } => {
                    return Ok(End::Verdict(Verdict::Forward(s[port as usize] as u16)));
                }
                Inst::Drop => return Ok(End::Verdict(Verdict::Drop)),
                Inst::Exit { block } => {
                    if self.stop_at_exits {
                        return Ok(End::Exit(block));
                    }
                }
            }
        }
    }

    /// Takes one side of a branch: copies its arguments, returns its pc.
    #[inline]
    fn take(&mut self, cond: bool, t: u32, tc: Copies, e: u32, ec: Copies) -> usize {
        if cond {
            self.copy_args(tc);
            t as usize
        } else {
            self.copy_args(ec);
            e as usize
        }
    }

    /// Parallel copy of jump arguments into block parameters (sources are all read
    /// before any destination is written, so swaps in loops are correct).
    #[inline]
    fn copy_args(&mut self, (start, len): (u32, u32)) {
        if len == 0 {
            return;
        }
        let pairs = &self.code.copies[start as usize..(start + len) as usize];
        let sc = &mut self.scratch;
        sc.copy.clear();
        sc.copy
            .extend(pairs.iter().map(|&(src, _)| sc.slots[src as usize]));
        for (&(_, dst), &v) in pairs.iter().zip(sc.copy.iter()) {
            sc.slots[dst as usize] = v;
        }
    }
}
