//! What a program needs from the kernel: its maps, in the order the generated
//! code refers to them, and how each table, register, counter and meter is
//! kept. Also where the target refuses a program, naming what it cannot take.

use bpf::asm::MapRef;
use bpf::map::{F_MMAPABLE, F_NO_PREALLOC};
use bpf::{MapSpec, MapType};
use pipe::Program;
use pipe::program::HashAlgo;
use pipe::resolved::{RLeaf, ROp, ROut, RRegAction, RRegExpr, Resolved};
use thiserror::Error;

use crate::layout::{self, Scratch};

/// Receive queues per port that punt sockets may serve.
pub const PUNT_QUEUES: u32 = 64;

/// Largest ternary or LPM table the target takes: such tables are scanned
/// entry by entry (a TCAM answers in one step; a CPU does not).
pub const MAX_SCANNED: u32 = 256;

/// Most recirculations a program may allow (each pass is verified apart).
pub const MAX_PASSES_RECIRCULATED: u8 = 8;

/// Widest key an exact table may have to be kept as an array indexed by
/// the key (65,536 slots).
pub const MAX_DIRECT_BITS: u32 = 16;

/// Whether exact table `t` is kept as an array indexed by its key
/// ([`TableMaps::Direct`]).
pub(crate) fn direct(t: &pipe::resolved::RTable) -> bool {
    !t.ternary
        && !t.key.is_empty()
        && t.write_back.is_none()
        && t.idle_timeout.is_none()
        && crate::entries::key_bits(t) <= MAX_DIRECT_BITS
}

/// Largest scratch value (`PCPU_MIN_UNIT_SIZE`, the per-CPU array limit).
const MAX_SCRATCH: usize = 32 * 1024;

/// The program cannot run on the XDP target.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refused {
    /// The switch model refused it first.
    #[error("invalid program: {0}")]
    Invalid(String),
    /// The program may recirculate more often than the target unrolls.
    #[error(
        "the program allows {0} recirculations: the XDP target runs a packet's passes in one program run, and the verifier follows each pass, so it takes at most {MAX_PASSES_RECIRCULATED}"
    )]
    Recirculations(u8),
    /// A ternary or LPM table too large to scan.
    #[error(
        "table `{table}` has {kind} keys and {size} entries: the XDP target scans such tables entry by entry and takes at most {MAX_SCANNED} (exact-match tables have no limit but their declared size)"
    )]
    ScanTooLarge {
        /// Table.
        table: String,
        /// "ternary" or "LPM".
        kind: &'static str,
        /// Its size.
        size: u32,
    },
    /// The packet state does not fit one per-CPU value.
    #[error(
        "the program's packet state takes {0} bytes (headers, metadata, keys): more than the {MAX_SCRATCH} bytes of one per-CPU map value"
    )]
    TooMuchState(usize),
    /// The parser has too many distinct (state, offset) paths.
    #[error(
        "the parser reaches {0} distinct (state, offset) pairs: the XDP target generates each, and takes at most {1}"
    )]
    ParserPaths(usize, usize),
    /// Something else the generator cannot express.
    #[error("{0}")]
    Other(String),
}

/// How one table is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableMaps {
    /// No key: always the default action.
    Keyless,
    /// A hash map (and its write-back table's).
    Exact {
        /// Main table.
        main: MapRef,
        /// Write-back table.
        wb: Option<MapRef>,
        /// Argument slots per entry.
        args: usize,
    },
    /// An array indexed by the key itself (its fields packed, the first
    /// highest): exact tables with no write-back table or idle timeout
    /// whose key has at most [`MAX_DIRECT_BITS`] bits. Each slot holds two
    /// copies of its entry and which one is current ([`layout::direct`]);
    /// the control plane writes them through a mapping, without a call.
    Direct {
        /// The array.
        array: MapRef,
        /// Argument slots per entry.
        args: usize,
    },
    /// An array scanned in rank order, two banks.
    Scanned {
        /// The array.
        array: MapRef,
        /// Its number among scanned tables (its bank word in the configuration).
        bank: usize,
        /// Argument slots per entry.
        args: usize,
    },
}

/// The one write-back map of a program: its key is a table's number and
/// that table's key fields, zero up to `parts` fields; its value is an entry
/// ([`layout::entry`]) zero-padded to `value` bytes. One map for all tables
/// makes a write-back cycle's first and last phases one call each, however
/// many tables the update changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteBack {
    /// The map.
    pub map: MapRef,
    /// Key fields its key has room for.
    pub parts: usize,
    /// Bytes of its value.
    pub value: usize,
}

impl WriteBack {
    /// The map's key for table `t`'s key `key` (one `u64` per field).
    pub fn key(&self, t: usize, key: &[u8]) -> Vec<u8> {
        let mut k = vec![0u8; 8 + 8 * self.parts];
        k[..8].copy_from_slice(&(t as u64).to_ne_bytes());
        k[8..8 + key.len()].copy_from_slice(key);
        k
    }

    /// The map's value for a table's entry `value`.
    pub fn value(&self, value: &[u8]) -> Vec<u8> {
        let mut v = value.to_vec();
        v.resize(self.value, 0);
        v
    }
}

/// How one register array is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterMap {
    /// The array.
    pub map: MapRef,
    /// Cells carry a spin lock (some register action reads and writes in one step).
    pub locked: bool,
}

/// Every map of a program, and which is which.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Scratch layout.
    pub scratch: Scratch,
    /// Map specs, indexed by [`MapRef`].
    pub maps: Vec<MapSpec>,
    /// Per-CPU scratch.
    pub scratch_map: MapRef,
    /// Per-CPU in-flight marker (when the program has tables whose updates flip).
    pub inflight: Option<MapRef>,
    /// Shared configuration (visibility word, banks).
    pub config: MapRef,
    /// Per-CPU global counters.
    pub stats: MapRef,
    /// Per-CPU per-port counters.
    pub ports: MapRef,
    /// Output ports (live programs).
    pub devmap: MapRef,
    /// AF_XDP sockets that take punts straight from a port's receive queue
    /// (key: port × [`PUNT_QUEUES`] + queue), before the server link's veth.
    pub xsks: MapRef,
    /// CRC tables.
    pub crc16: Option<MapRef>,
    /// See `crc16`.
    pub crc32: Option<MapRef>,
    /// Per table.
    pub tables: Vec<TableMaps>,
    /// The write-back map every table with a write-back table shares.
    pub write_back: Option<WriteBack>,
    /// Per register.
    pub registers: Vec<RegisterMap>,
    /// Per counter (per-CPU `[packets, bytes]` cells).
    pub counters: Vec<MapRef>,
    /// Per meter.
    pub meters: Vec<MapRef>,
    /// Whether packets need the time (meters, idle timeouts, the timestamp field).
    pub uses_time: bool,
    /// Whether a packet may be sent to the recirculation port: then the
    /// program loops over passes, up to the program's limit.
    pub recirculates: bool,
    /// The ring buffer live programs write the frames they see into
    /// (`--record`), if asked for.
    pub record: Option<MapRef>,
}

/// Bytes of the record ring buffer (a power of two: 16 MiB, some 10,000
/// full-size frames between two reads).
pub const RECORD_RING_BYTES: u32 = 16 << 20;

/// Whether some packet may leave ingress for the recirculation port: an
/// action recirculates, or forwards to a value not known to be another port.
pub(crate) fn may_recirculate(r: &Resolved) -> bool {
    use pipe::resolved::Val;
    r.actions.iter().flat_map(|a| &a.ops).any(|op| match op {
        ROp::Recirculate => true,
        ROp::Forward(Val::Const(c)) => (c & 0x1ff) as u16 == r.recirc_port,
        ROp::Forward(_) => true,
        _ => false,
    })
}

/// Whether a register action reads and writes its cell in one step (then
/// the cell needs a lock): it writes something that depends on the cell, or
/// it both writes and outputs, or it branches on the cell and writes.
fn read_modify_write(ra: &RRegAction) -> bool {
    let mem = |e: &RRegExpr| match e {
        RRegExpr::Leaf(l) => *l == RLeaf::Mem,
        RRegExpr::Bin(_, a, b) => *a == RLeaf::Mem || *b == RLeaf::Mem,
    };
    let cond_mem = ra
        .cond
        .is_some_and(|(a, _, b)| a == RLeaf::Mem || b == RLeaf::Mem);
    [ra.then, ra.otherwise].iter().any(|br| {
        let writes = br.write.is_some();
        let out_reads = !matches!(br.output, ROut::None);
        writes && (br.write.as_ref().is_some_and(mem) || out_reads || cond_mem)
    }) && !exchange(ra)
}

/// A register action that is one atomic exchange: no condition, writes a
/// value that does not depend on the cell and outputs the old value.
pub(crate) fn exchange(ra: &RRegAction) -> bool {
    let indep = |e: &RRegExpr| match e {
        RRegExpr::Leaf(l) => *l != RLeaf::Mem,
        RRegExpr::Bin(_, a, b) => *a != RLeaf::Mem && *b != RLeaf::Mem,
    };
    ra.cond.is_none()
        && ra.then.write.as_ref().is_some_and(indep)
        && matches!(ra.then.output, ROut::Old | ROut::None)
}

impl Plan {
    /// Plans `r` (resolved from `p`), or says why the target cannot run it.
    pub fn new(p: &Program, r: &Resolved, record: bool) -> Result<Plan, Refused> {
        let recirculates = may_recirculate(r);
        if recirculates && r.max_recirculations > MAX_PASSES_RECIRCULATED {
            return Err(Refused::Recirculations(r.max_recirculations));
        }
        let scratch = Scratch::new(r);
        if scratch.size > MAX_SCRATCH {
            return Err(Refused::TooMuchState(scratch.size));
        }
        let mut maps: Vec<MapSpec> = Vec::new();
        let mut add = |spec: MapSpec| {
            maps.push(spec);
            MapRef(maps.len() - 1)
        };
        let spec = |name: &str, kind, key: usize, value: usize, n: u32, flags| MapSpec {
            name: name.to_string(),
            kind,
            key_size: key as u32,
            value_size: value as u32,
            max_entries: n,
            flags,
            btf: None,
        };
        let scratch_map = add(spec("scratch", MapType::PercpuArray, 4, scratch.size, 1, 0));
        let flips = r
            .tables
            .iter()
            .any(|t| t.write_back.is_some() || t.ternary || direct(t));
        // One marker per CPU, each on a cache line of its own; sized to the
        // machine's CPUs when loaded. Mapped by the control plane, which
        // reads them without a system call.
        let inflight = flips.then(|| {
            add(spec(
                "inflight",
                MapType::Array,
                4,
                layout::MARKER_STRIDE,
                1,
                F_MMAPABLE,
            ))
        });
        let scanned = r.tables.iter().filter(|t| t.ternary).count();
        let config = add(spec(
            "config",
            MapType::Array,
            4,
            layout::config::size(scanned),
            1,
            F_MMAPABLE,
        ));
        let stats = add(spec(
            "stats",
            MapType::PercpuArray,
            4,
            8 * layout::stats::COUNT,
            1,
            0,
        ));
        let ports = add(spec(
            "ports",
            MapType::PercpuArray,
            4,
            layout::ports::SIZE,
            layout::ports::COUNT,
            0,
        ));
        let devmap = add(spec(
            "devmap",
            MapType::Devmap,
            4,
            4,
            layout::ports::COUNT,
            0,
        ));
        let xsks = add(spec(
            "xsks",
            MapType::Xskmap,
            4,
            4,
            layout::ports::COUNT * PUNT_QUEUES,
            0,
        ));
        let crc = |algo| r.hashes.iter().any(|h| h.algo == algo);
        let crc16 = crc(HashAlgo::Crc16).then(|| add(spec("crc16", MapType::Array, 4, 1024, 1, 0)));
        let crc32 = crc(HashAlgo::Crc32).then(|| add(spec("crc32", MapType::Array, 4, 1024, 1, 0)));
        let args_of = |t: &pipe::resolved::RTable| {
            t.actions
                .iter()
                .map(|&a| r.actions[usize::from(a)].param_widths.len())
                .max()
                .unwrap_or(0)
        };
        let wb_tables = || {
            r.tables
                .iter()
                .filter(|t| !t.ternary && !t.key.is_empty() && t.write_back.is_some())
        };
        let write_back = wb_tables().next().is_some().then(|| {
            let parts = wb_tables().map(|t| t.key.len()).max().unwrap_or(0);
            let value = wb_tables()
                .map(|t| layout::entry::size(args_of(t)))
                .max()
                .unwrap_or(0);
            let n: u32 = wb_tables().map(|t| t.write_back.unwrap_or(0).max(1)).sum();
            let map = add(spec(
                "wb",
                MapType::Hash,
                8 + 8 * parts,
                value,
                n,
                F_NO_PREALLOC,
            ));
            WriteBack { map, parts, value }
        });
        let mut tables = Vec::new();
        let mut bank = 0;
        for (t, pt) in r.tables.iter().zip(&p.tables) {
            let args = args_of(t);
            let maps = if t.key.is_empty() {
                TableMaps::Keyless
            } else if t.ternary {
                if t.size > MAX_SCANNED {
                    let lpm = t.key.iter().any(|k| k.kind == pipe::MatchKind::Lpm);
                    return Err(Refused::ScanTooLarge {
                        table: t.name.clone(),
                        kind: if lpm { "LPM" } else { "ternary" },
                        size: t.size,
                    });
                }
                let slot = layout::scan::size(args, crate::entries::scan_fields(t));
                let array = add(spec(
                    &format!("s_{}", pt.name),
                    MapType::Array,
                    4,
                    slot * t.size.max(1) as usize,
                    2,
                    0,
                ));
                bank += 1;
                TableMaps::Scanned {
                    array,
                    bank: bank - 1,
                    args,
                }
            } else if direct(t) {
                let array = add(spec(
                    &format!("d_{}", pt.name),
                    MapType::Array,
                    4,
                    layout::direct::size(args),
                    1 << crate::entries::key_bits(t),
                    F_MMAPABLE,
                ));
                TableMaps::Direct { array, args }
            } else {
                let value = layout::entry::size(args);
                let key = 8 * t.key.len();
                let main = add(spec(
                    &format!("t_{}", pt.name),
                    MapType::Hash,
                    key,
                    value,
                    t.size.max(1),
                    F_NO_PREALLOC,
                ));
                let wb = t
                    .write_back
                    .and(write_back.as_ref())
                    .map(|w: &WriteBack| w.map);
                TableMaps::Exact { main, wb, args }
            };
            tables.push(maps);
        }
        let mut registers = Vec::new();
        for (i, g) in r.registers.iter().enumerate() {
            let locked = r
                .reg_actions
                .iter()
                .any(|ra| usize::from(ra.register) == i && read_modify_write(ra));
            let mut s = spec(
                &format!("r_{}", g.name),
                MapType::Array,
                4,
                if locked { layout::locked::SIZE } else { 8 },
                g.size.max(1),
                0,
            );
            if locked {
                s.btf = Some((0, 0)); // filled in by the loader
            }
            registers.push(RegisterMap {
                map: add(s),
                locked,
            });
        }
        let counters = r
            .counters
            .iter()
            .map(|c| {
                add(spec(
                    &format!("c_{}", c.name),
                    MapType::PercpuArray,
                    4,
                    16,
                    c.size.max(1),
                    0,
                ))
            })
            .collect();
        let meters = r
            .meters
            .iter()
            .map(|m| {
                let mut s = spec(
                    &format!("m_{}", m.name),
                    MapType::Array,
                    4,
                    layout::meter::SIZE,
                    m.size.max(1),
                    0,
                );
                s.btf = Some((0, 0));
                add(s)
            })
            .collect();
        let record =
            record.then(|| add(spec("record", MapType::Ringbuf, 0, 0, RECORD_RING_BYTES, 0)));
        let uses_time = record.is_some()
            || !r.meters.is_empty()
            || r.tables.iter().any(|t| t.idle_timeout.is_some())
            || crate::analysis::reads_slot(r, pipe::resolved::SLOT_TIMESTAMP);
        Ok(Plan {
            scratch,
            maps,
            scratch_map,
            inflight,
            config,
            stats,
            ports,
            devmap,
            xsks,
            crc16,
            crc32,
            tables,
            write_back,
            registers,
            counters,
            meters,
            uses_time,
            recirculates,
            record,
        })
    }
}
