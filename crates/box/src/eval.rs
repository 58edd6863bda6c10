//! Controller to boxes, end to end (issue #15, item 3; `tandem box eval`).
//!
//! Plans a topology (or takes the configurations `tandem plan -o` wrote),
//! generates the traffic of every class — sessions whose client lies in the
//! class's source prefix and server in its destination prefix, on the port
//! class's protocol and ports, as many per class as its volume says (seeded) —
//! and sends every packet along its class's path through the box of every node
//! on it: forward packets in path order entering port 0, the server's replies
//! in reverse path order entering port 1. Each box is the real data plane
//! (classifier, per-core workers, policy shims, NF programs on the interpreter),
//! run inline; a packet leaves a box as that box emitted it, so a rewrite is
//! what the next box sees, and a drop ends its trip.
//!
//! Then it checks, per session, that every application of the class's
//! hyperapp processed it on exactly one box (no gap, no double processing),
//! with both directions on that box and on one core, and that no share of
//! another class took it; and, per box, that the load the sessions it
//! processed represent matches the load the LP assigned it, within a stated
//! tolerance (see [`LoadCheck`]).

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddrV4};

use plan::config::{BoxConfig, FilterMode};
use plan::instance::Instance;
use plan::prefix::Prefix;
use plan::{Solver, Strategy, Workload};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use wire::build::{L3, tcp_frame, udp_frame};
use wire::ethernet::MacAddr;
use wire::options::OptionBytes;
use wire::tcp::{self, TcpFlags};

use crate::boxplan::BoxPlan;
use crate::catalog::Catalogue;
use crate::classify::Classified;
use crate::error::BoxError;
use crate::shim::ShimVerdict;
use crate::worker::CoreWorker;

/// Options of an evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalOptions {
    /// Sessions to generate over all classes (shared by volume).
    pub sessions: usize,
    /// Sessions every class gets at least (so every class is exercised).
    pub min_per_class: usize,
    /// Seed of the traffic generator.
    pub seed: u64,
    /// Module reuse in the boxes.
    pub reuse: bool,
    /// Load tolerance: standard deviations of the sampling error allowed.
    pub sigmas: f64,
    /// Load tolerance: absolute slack (fraction of capacity) on top.
    pub slack: f64,
}

impl Default for EvalOptions {
    fn default() -> Self {
        EvalOptions {
            sessions: 2000,
            min_per_class: 1,
            seed: 1,
            reuse: true,
            sigmas: 5.0,
            slack: 0.005,
        }
    }
}

/// Transport of a generated session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Proto {
    /// TCP: handshake, one request and one response, FINs (6 packets).
    Tcp,
    /// UDP: two requests and two responses (4 packets).
    Udp,
}

/// One generated session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Session {
    /// Its class.
    pub class: usize,
    /// Transport.
    pub proto: Proto,
    /// Initiator.
    pub client: SocketAddrV4,
    /// Responder.
    pub server: SocketAddrV4,
}

/// Plans `inst` as `tandem plan -o` does (hyperapp model with reuse, the load
/// LP, filters by `mode`) and returns the box configurations.
pub fn plan_boxes(
    inst: &Instance,
    strategy: Strategy,
    mode: FilterMode,
    solver: Solver,
) -> Result<Vec<BoxConfig>, BoxError> {
    let wl = Workload::hyperapp(inst, strategy, true)?;
    let vols: Vec<f64> = inst.classes.iter().map(|c| c.volume).collect();
    let cap: Vec<Vec<f64>> = inst.nodes.iter().map(|n| n.capacity.clone()).collect();
    let bal = plan::balance::solve(&wl, &vols, &cap, solver)?;
    Ok(plan::config::box_configs(inst, &wl, &bal, mode, solver)?)
}

/// Sessions per class: `max(min_per_class, round(volume share × sessions))`.
pub fn session_counts(inst: &Instance, opts: &EvalOptions) -> Vec<usize> {
    let total: f64 = inst.classes.iter().map(|c| c.volume.max(0.0)).sum();
    inst.classes
        .iter()
        .map(|c| {
            let share = if total > 0.0 {
                c.volume.max(0.0) / total
            } else {
                0.0
            };
            ((share * opts.sessions as f64).round() as usize).max(opts.min_per_class)
        })
        .collect()
}

fn host(p: Prefix, rng: &mut ChaCha8Rng) -> Ipv4Addr {
    let off = rng.random_range(0..p.size()) as u32;
    Ipv4Addr::from(p.addr.wrapping_add(off))
}

/// Server ports of sessions of port classes without ports.
pub const SERVER_PORTS: std::ops::RangeInclusive<u16> = 1024..=32767;
/// Client ports (ephemeral): above every server port, as the plan's filters
/// for port classes without ports expect (`server_lower`).
pub const CLIENT_PORTS: std::ops::RangeInclusive<u16> = 32768..=65535;

/// A port in `range` no port class names: a client port or an `other`-class
/// server port drawn from these cannot fall into a more specific class.
fn free_port(claimed: &[u16], range: std::ops::RangeInclusive<u16>, rng: &mut ChaCha8Rng) -> u16 {
    let mut p = rng.random_range(range.clone());
    for _ in 0..1024 {
        if !claimed.contains(&p) {
            break;
        }
        p = rng.random_range(range.clone());
    }
    p
}

/// The sessions of every class (see [`session_counts`]), seeded: client and
/// server uniform in the class's prefixes, the server port one of the port
/// class's (uniformly) or, for a class without ports, one of [`SERVER_PORTS`]
/// no port class names; client ports from [`CLIENT_PORTS`], likewise; `any`
/// protocol classes get TCP and UDP half and half.
pub fn sessions(inst: &Instance, opts: &EvalOptions) -> Vec<Session> {
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let claimed: Vec<u16> = inst
        .port_classes
        .iter()
        .flat_map(|p| p.ports.iter().copied())
        .collect();
    let mut out = Vec::new();
    for (ci, n) in session_counts(inst, opts).into_iter().enumerate() {
        let c = &inst.classes[ci];
        let pc = &inst.port_classes[c.port_class];
        for _ in 0..n {
            let proto = match pc.protocol.as_str() {
                "udp" => Proto::Udp,
                "tcp" => Proto::Tcp,
                _ if rng.random_bool(0.5) => Proto::Udp,
                _ => Proto::Tcp,
            };
            let sport = if pc.ports.is_empty() {
                free_port(&claimed, SERVER_PORTS, &mut rng)
            } else {
                pc.ports[rng.random_range(0..pc.ports.len())]
            };
            let client = SocketAddrV4::new(
                host(c.src, &mut rng),
                free_port(&claimed, CLIENT_PORTS, &mut rng),
            );
            let server = SocketAddrV4::new(host(c.dst, &mut rng), sport);
            out.push(Session {
                class: ci,
                proto,
                client,
                server,
            });
        }
    }
    out
}

/// The packets of a session in the order they are sent: `(reverse, frame)`.
pub fn packets(s: &Session) -> Vec<(bool, Vec<u8>)> {
    let l3 = L3 {
        src_mac: MacAddr([2, 0, 0, 0, 0, 1]),
        dst_mac: MacAddr([2, 0, 0, 0, 0, 2]),
        vlan: None,
        src: *s.client.ip(),
        dst: *s.server.ip(),
        ttl: 64,
        ident: 1,
    };
    let rl3 = l3.reversed();
    let (cp, sp) = (s.client.port(), s.server.port());
    let request: &[u8] = if sp == 80 || sp == 8080 {
        b"GET /index.html HTTP/1.1\r\nHost: example\r\n\r\n"
    } else {
        b"request"
    };
    let response: &[u8] = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
    match s.proto {
        Proto::Udp => {
            let f = wire::udp::Repr {
                src_port: cp,
                dst_port: sp,
            };
            let r = wire::udp::Repr {
                src_port: sp,
                dst_port: cp,
            };
            vec![
                (false, udp_frame(&l3, &f, request)),
                (true, udp_frame(&rl3, &r, response)),
                (false, udp_frame(&l3, &f, request)),
                (true, udp_frame(&rl3, &r, response)),
            ]
        }
        Proto::Tcp => {
            let seg = |rev: bool, seq: u32, ack: u32, flags: TcpFlags, payload: &[u8]| {
                let (l, src_port, dst_port) = if rev { (&rl3, sp, cp) } else { (&l3, cp, sp) };
                let repr = tcp::Repr {
                    src_port,
                    dst_port,
                    seq_number: seq,
                    ack_number: ack,
                    flags,
                    window: 65535,
                    urgent: 0,
                    options: OptionBytes::EMPTY,
                };
                (rev, tcp_frame(l, &repr, payload))
            };
            let (c0, s0) = (1000u32, 5000u32);
            let c1 = c0 + 1 + request.len() as u32;
            let s1 = s0 + 1 + response.len() as u32;
            let ack = TcpFlags::ACK;
            let psh = TcpFlags(TcpFlags::ACK.0 | TcpFlags::PSH.0);
            let fin = TcpFlags(TcpFlags::ACK.0 | TcpFlags::FIN.0);
            vec![
                seg(false, c0, 0, TcpFlags::SYN, b""),
                seg(true, s0, c0 + 1, TcpFlags(TcpFlags::SYN.0 | ack.0), b""),
                seg(false, c0 + 1, s0 + 1, psh, request),
                seg(true, s0 + 1, c1, psh, response),
                seg(false, c1, s1, fin, b""),
                seg(true, s1, c1 + 1, fin, b""),
            ]
        }
    }
}

/// One box of the network, run inline.
struct NetBox {
    plan: BoxPlan,
    workers: Vec<CoreWorker>,
    core_pos: BTreeMap<u32, usize>,
    packets: u64,
    unmatched: u64,
    processed: u64,
    cpu_ns: u64,
}

/// What a box did with one packet.
struct Hit {
    class: usize,
    reverse: bool,
    core: u32,
    /// Bit i: application i of the hyperapp processed the packet.
    apps: u64,
}

enum Step {
    /// Leaves towards the next box (`in_port ^ 1`).
    Next,
    /// Leaves towards the next box, but an application rewrote its 5-tuple:
    /// it is no longer the session's (a proxy's redirection).
    Rewritten,
    /// Dropped by an application, failed, or sent out another port.
    Gone,
}

fn flow_key(frame: &[u8]) -> Option<wire::FlowKey> {
    wire::parse_frame(frame)
        .ok()
        .and_then(|h| wire::FlowKey::from_headers(&h))
}

impl NetBox {
    fn process(&mut self, frame: &mut [u8], in_port: u16, now_ns: u64) -> (Option<Hit>, Step) {
        self.packets += 1;
        let Classified::Queue {
            assignment,
            reverse,
            hyperapp,
            core,
            ..
        } = self.plan.classifier.classify(frame)
        else {
            self.unmatched += 1;
            return (None, Step::Next);
        };
        self.processed += 1;
        let class = self.plan.config.assignments[assignment].class;
        let Some(w) = self
            .core_pos
            .get(&core)
            .and_then(|&p| self.workers.get_mut(p))
        else {
            return (None, Step::Gone);
        };
        let before: Vec<u64> = w
            .shims
            .get(hyperapp)
            .and_then(Option::as_ref)
            .map(|s| s.apps.iter().map(|a| a.stats.packets).collect())
            .unwrap_or_default();
        let key = flow_key(frame);
        let start = cpu_time::ThreadTime::try_now().ok();
        let v = w
            .process(hyperapp, frame, in_port, now_ns)
            .unwrap_or(ShimVerdict::Drop { by: usize::MAX });
        if let Some(s) = start {
            self.cpu_ns += s.elapsed().as_nanos() as u64;
        }
        let mut apps = 0u64;
        if let Some(s) = w.shims.get(hyperapp).and_then(Option::as_ref) {
            for (i, (a, b)) in s.apps.iter().zip(&before).enumerate() {
                if a.stats.packets > *b && i < 64 {
                    apps |= 1 << i;
                }
            }
        }
        let step = match v {
            ShimVerdict::Forward(p) if p == in_port ^ 1 && flow_key(frame) == key => Step::Next,
            ShimVerdict::Forward(p) if p == in_port ^ 1 => Step::Rewritten,
            _ => Step::Gone,
        };
        (
            Some(Hit {
                class,
                reverse,
                core,
                apps,
            }),
            step,
        )
    }
}

/// Where one application of a session's hyperapp ran.
#[derive(Debug, Clone, Default)]
struct AppRecord {
    fwd: Vec<usize>,
    rev: Vec<usize>,
    cores: Vec<(usize, u32)>,
}

fn add_once<T: PartialEq>(v: &mut Vec<T>, x: T) {
    if !v.contains(&x) {
        v.push(x);
    }
}

/// Per-session outcome counts over the network.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// Sessions generated.
    pub sessions: u64,
    /// Of which of classes with a hyperapp.
    pub with_hyperapp: u64,
    /// Sessions whose every application ran exactly once, both directions on
    /// one box and one core (for classes without a hyperapp: nobody touched
    /// them; for sessions an application dropped: none ran twice).
    pub exactly_once: u64,
    /// Sessions some application of their hyperapp never processed.
    pub gaps: u64,
    /// Sessions some application processed on two boxes or more (in one direction).
    pub doubles: u64,
    /// Sessions whose two directions were processed by different boxes.
    pub split_directions: u64,
    /// Sessions whose application saw only one direction.
    pub one_direction: u64,
    /// Sessions whose application ran on two cores of its box.
    pub split_cores: u64,
    /// Sessions some share of another class (or any box, for classes without a
    /// hyperapp) processed.
    pub foreign: u64,
    /// Sessions an application dropped (or failed on) a packet of: only double
    /// processing is checked for them (their later packets never reach the rest).
    pub dropped: u64,
    /// Packets an application rewrote to another 5-tuple (a proxy's or load
    /// balancer's redirection): they leave the session there and are not
    /// followed further (their new destination is another class's path).
    pub rewritten: u64,
    /// Packets sent (each counted once, however many boxes it crossed).
    pub packets: u64,
    /// Packet arrivals at boxes.
    pub box_arrivals: u64,
}

impl Coverage {
    /// True when every session was processed exactly once.
    pub fn passed(&self) -> bool {
        self.gaps == 0
            && self.doubles == 0
            && self.split_directions == 0
            && self.one_direction == 0
            && self.split_cores == 0
            && self.foreign == 0
    }
}

/// Measured against planned load of one box.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoadCheck {
    /// Node.
    pub node: String,
    /// LP load per resource (the configuration's `load`, fraction of capacity).
    pub predicted: Vec<f64>,
    /// Load of the sessions the box processed: per class, the share of the
    /// class's sessions it processed times the class's volume and per-session
    /// footprint there, over capacity (the LP's formula with the measured
    /// share in place of `d_{c,n}`).
    pub measured: Vec<f64>,
    /// Allowed `|measured - predicted|` per resource: `sigmas` standard
    /// deviations of the measured load under sampling (each session lands on
    /// the box with probability `d_{c,n}`) plus `slack`.
    pub tolerance: Vec<f64>,
    /// Whether every resource is within tolerance.
    pub ok: bool,
    /// The LP's most loaded core (`max_core_load`).
    pub predicted_core: f64,
    /// The same from the sessions each core processed.
    pub measured_core: f64,
    /// Packets that arrived.
    pub packets: u64,
    /// Packets classified into a hyperapp queue.
    pub processed: u64,
    /// Packets of no class of this box (passed through).
    pub unmatched: u64,
    /// Sessions whose hyperapp ran here.
    pub sessions: u64,
    /// Thread CPU time in this box's workers, ns.
    pub cpu_ns: u64,
}

/// The outcome of one evaluation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvalReport {
    /// Nodes.
    pub nodes: usize,
    /// Classes.
    pub classes: usize,
    /// Boxes run.
    pub boxes: usize,
    /// Resource names.
    pub resources: Vec<String>,
    /// Seed and sizes.
    pub seed: u64,
    /// Module reuse in the boxes.
    pub reuse: bool,
    /// Tolerance: sigmas.
    pub sigmas: f64,
    /// Tolerance: absolute slack.
    pub slack: f64,
    /// Coverage over all sessions.
    pub coverage: Coverage,
    /// First few failing sessions, described.
    pub failures: Vec<String>,
    /// Per box.
    pub loads: Vec<LoadCheck>,
    /// Largest LP load over boxes and resources.
    pub max_load_predicted: f64,
    /// Largest measured load over boxes and resources.
    pub max_load_measured: f64,
    /// Largest per-core load the LP predicted over boxes.
    pub max_core_predicted: f64,
    /// Largest per-core load measured over boxes.
    pub max_core_measured: f64,
    /// Boxes within tolerance.
    pub loads_ok: usize,
    /// Coverage passed and every box within tolerance.
    pub passed: bool,
}

/// Failing sessions described in [`EvalReport::failures`] at most.
pub const MAX_FAILURES_KEPT: usize = 20;

/// Runs the evaluation: `boxes` (one per node at most, all of `inst`'s plan)
/// over the generated sessions. `progress(done, total)` is called with packets.
pub fn run(
    inst: &Instance,
    boxes: &[BoxConfig],
    catalogue: &Catalogue,
    opts: &EvalOptions,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<EvalReport, BoxError> {
    plan::boxcfg::check_network(boxes)?;
    let mut net: Vec<Option<NetBox>> = (0..inst.nodes.len()).map(|_| None).collect();
    for b in boxes {
        b.check_instance(inst)?;
        let n = inst
            .nodes
            .iter()
            .position(|x| x.name == b.node)
            .ok_or_else(|| {
                plan::PlanError::invalid(format!("box config {}", b.node), "no such node")
            })?;
        let mut plan = BoxPlan::new(b.clone(), catalogue)?;
        plan.reuse = opts.reuse;
        let workers = plan.workers()?;
        let core_pos = workers
            .iter()
            .enumerate()
            .map(|(i, w)| (w.stats.core, i))
            .collect();
        net[n] = Some(NetBox {
            plan,
            workers,
            core_pos,
            packets: 0,
            unmatched: 0,
            processed: 0,
            cpu_ns: 0,
        });
    }
    let sessions = sessions(inst, opts);
    let counts = session_counts(inst, opts);
    let total: u64 = sessions
        .iter()
        .map(|s| if s.proto == Proto::Tcp { 6 } else { 4 })
        .sum();
    let mut cov = Coverage::default();
    let mut failures = Vec::new();
    // (node, core) -> sessions of each class processed there.
    let mut landed: BTreeMap<(usize, u32), BTreeMap<usize, u64>> = BTreeMap::new();
    let mut done = 0u64;
    for (si, s) in sessions.iter().enumerate() {
        let c = &inst.classes[s.class];
        let chain = c.hyperapp.map_or(0, |h| inst.hyperapps[h].apps.len());
        let mut rec = vec![AppRecord::default(); chain];
        let mut foreign = Vec::new();
        let mut dropped = false;
        for (k, (reverse, mut frame)) in packets(s).into_iter().enumerate() {
            let now = si as u64 * 1_000_000 + k as u64 * 10_000;
            let route: Vec<usize> = if reverse {
                c.path.iter().rev().copied().collect()
            } else {
                c.path.clone()
            };
            let in_port = u16::from(reverse);
            for n in route {
                let Some(b) = net[n].as_mut() else { continue };
                cov.box_arrivals += 1;
                let (hit, step) = b.process(&mut frame, in_port, now);
                if let Some(h) = &hit {
                    if h.class != s.class || h.reverse != reverse {
                        add_once(&mut foreign, (n, h.class));
                    } else {
                        for (i, r) in rec.iter_mut().enumerate() {
                            if h.apps & (1 << i) != 0 {
                                add_once(if reverse { &mut r.rev } else { &mut r.fwd }, n);
                                add_once(&mut r.cores, (n, h.core));
                            }
                        }
                    }
                }
                match step {
                    Step::Next => {}
                    Step::Rewritten => {
                        cov.rewritten += 1;
                        break;
                    }
                    Step::Gone => {
                        dropped = hit.is_some();
                        break;
                    }
                }
            }
            cov.packets += 1;
            done += 1;
        }
        progress(done, total);
        cov.sessions += 1;
        if c.hyperapp.is_some() {
            cov.with_hyperapp += 1;
        }
        if let Some(r) = rec.first()
            && let Some(&(n, core)) = r.cores.first()
        {
            *landed
                .entry((n, core))
                .or_default()
                .entry(s.class)
                .or_default() += 1;
        }
        let mut why = Vec::new();
        if !foreign.is_empty() {
            cov.foreign += 1;
            why.push(format!("processed as (node, class) {foreign:?}"));
        }
        let (mut gap, mut double, mut split, mut one, mut cores) =
            (false, false, false, false, false);
        for (i, r) in rec.iter().enumerate() {
            double |= r.fwd.len() > 1 || r.rev.len() > 1;
            if dropped {
                continue;
            }
            gap |= r.fwd.is_empty() && r.rev.is_empty();
            one |= r.fwd.is_empty() != r.rev.is_empty();
            split |= r.fwd.len() == 1 && r.rev.len() == 1 && r.fwd != r.rev;
            cores |= r.cores.len() > 1 && r.fwd == r.rev && r.fwd.len() == 1;
            if gap || double || split || one || cores {
                why.push(format!(
                    "application {i}: forward on {:?}, reverse on {:?}, (node, core) {:?}",
                    r.fwd, r.rev, r.cores
                ));
                break;
            }
        }
        cov.gaps += u64::from(gap);
        cov.doubles += u64::from(double);
        cov.split_directions += u64::from(split);
        cov.one_direction += u64::from(one);
        cov.split_cores += u64::from(cores);
        cov.dropped += u64::from(dropped);
        if why.is_empty() {
            cov.exactly_once += 1;
        } else if failures.len() < MAX_FAILURES_KEPT {
            failures.push(format!(
                "session {si} (class {}, {:?} {} -> {}): {}",
                s.class,
                s.proto,
                s.client,
                s.server,
                why.join("; ")
            ));
        }
    }
    let loads = load_checks(inst, &net, &counts, &landed, opts);
    let fold = |f: &dyn Fn(&LoadCheck) -> f64| loads.iter().map(f).fold(0.0, f64::max);
    let max_of = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    let loads_ok = loads.iter().filter(|l| l.ok).count();
    Ok(EvalReport {
        nodes: inst.nodes.len(),
        classes: inst.classes.len(),
        boxes: loads.len(),
        resources: inst.resources.clone(),
        seed: opts.seed,
        reuse: opts.reuse,
        sigmas: opts.sigmas,
        slack: opts.slack,
        passed: cov.passed() && loads_ok == loads.len(),
        coverage: cov,
        failures,
        max_load_predicted: fold(&|l| max_of(&l.predicted)),
        max_load_measured: fold(&|l| max_of(&l.measured)),
        max_core_predicted: fold(&|l| l.predicted_core),
        max_core_measured: fold(&|l| l.measured_core),
        loads_ok,
        loads,
    })
}

fn load_checks(
    inst: &Instance,
    net: &[Option<NetBox>],
    counts: &[usize],
    landed: &BTreeMap<(usize, u32), BTreeMap<usize, u64>>,
    opts: &EvalOptions,
) -> Vec<LoadCheck> {
    let res = inst.resources.len();
    let mut out = Vec::new();
    for (n, b) in net.iter().enumerate() {
        let Some(b) = b else { continue };
        let node = &inst.nodes[n];
        let cfg = &b.plan.config;
        // weight[c][r]: load of all of class c's sessions on this box.
        let weight = |c: usize| -> Vec<f64> {
            let class = &inst.classes[c];
            let Some(h) = class.hyperapp else {
                return vec![0.0; res];
            };
            let fp = inst.hyperapp_footprint(h, n, class.port_class, true);
            (0..res)
                .map(|r| {
                    let cap = node.capacity.get(r).copied().unwrap_or(0.0);
                    if cap > 0.0 {
                        class.volume * fp.get(r).copied().unwrap_or(0.0) / cap
                    } else {
                        0.0
                    }
                })
                .collect()
        };
        let mut measured = vec![0.0; res];
        let mut var = vec![0.0; res];
        let mut sessions = 0u64;
        let mut per_core: BTreeMap<u32, f64> = BTreeMap::new();
        for ((ln, core), classes) in landed.range((n, 0)..=(n, u32::MAX)) {
            debug_assert_eq!(*ln, n);
            for (&c, &k) in classes {
                sessions += k;
                let share = k as f64 / counts[c].max(1) as f64;
                let w = weight(c);
                for r in 0..res {
                    measured[r] += share * w[r];
                }
                // One core's capacity is the box's over its cores.
                *per_core.entry(*core).or_default() +=
                    share * w.first().copied().unwrap_or(0.0) * f64::from(node.cores.max(1));
            }
        }
        for a in &cfg.assignments {
            let w = weight(a.class);
            let d = a.fraction.clamp(0.0, 1.0);
            let s = counts[a.class].max(1) as f64;
            for r in 0..res {
                var[r] += w[r] * w[r] * d * (1.0 - d) / s;
            }
        }
        let predicted: Vec<f64> = (0..res)
            .map(|r| cfg.load.get(r).copied().unwrap_or(0.0))
            .collect();
        let tolerance: Vec<f64> = var
            .iter()
            .map(|v| opts.sigmas * v.sqrt() + opts.slack)
            .collect();
        let ok = (0..res).all(|r| (measured[r] - predicted[r]).abs() <= tolerance[r]);
        out.push(LoadCheck {
            node: node.name.clone(),
            predicted,
            measured,
            tolerance,
            ok,
            predicted_core: cfg.max_core_load,
            measured_core: per_core.values().copied().fold(0.0, f64::max),
            packets: b.packets,
            processed: b.processed,
            unmatched: b.unmatched,
            sessions,
            cpu_ns: b.cpu_ns,
        });
    }
    out
}
