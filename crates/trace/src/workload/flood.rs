//! The `syn-flood` workload: Poisson arrivals of which a share `attack_share` are
//! SYNs from spoofed sources (random addresses in the client /16 and random ports,
//! answered by a SYN-ACK that is never acknowledged), the rest legitimate
//! request/response connections with `cache`-like sizes to the same servers.

use std::net::{Ipv4Addr, SocketAddrV4};

use rand::Rng;
use wire::TcpFlags;

use super::context::{CLIENT_BASE, Ctx};
use super::flow::{Body, Message, Teardown, tcp_flow};
use super::model::{App, Payload, Segment, Side, TcpFields, Transport};
use crate::cdf::FlowSizes;

/// Port under attack.
pub(crate) const TARGET_PORT: u16 = 80;

pub(crate) fn generate(ctx: &mut Ctx<'_>) {
    let cdf = FlowSizes::Cache.cdf();
    for _ in 0..ctx.opts.flows {
        let start = ctx.next_arrival();
        let server = SocketAddrV4::new(ctx.random_server(), TARGET_PORT);
        let timing = ctx.timing();
        if ctx.rng.random_bool(ctx.opts.attack_share) {
            // Any host of 198.18.0.0/16 except .0.0 and the broadcast address.
            let base = u32::from(CLIENT_BASE) - 1;
            let src = Ipv4Addr::from(base + ctx.rng.random_range(1..0xffff));
            let client = ctx.client_socket(src, server, Transport::Tcp);
            let isn: u32 = ctx.rng.random();
            let server_isn: u32 = ctx.rng.random();
            let seg = |ts, side, flags, seq, ack| Segment {
                ts_ns: ts,
                side,
                tcp: Some(TcpFields {
                    flags,
                    seq,
                    ack,
                    window: 64_240,
                    mss_option: Some(timing.mss),
                }),
                payload: Payload::Empty,
            };
            let syn_ack = TcpFlags(TcpFlags::SYN.0 | TcpFlags::ACK.0);
            let packets = vec![
                seg(start, Side::Client, TcpFlags::SYN, isn, 0),
                seg(
                    start + timing.rtt_ns / 2,
                    Side::Server,
                    syn_ack,
                    server_isn,
                    isn.wrapping_add(1),
                ),
            ];
            ctx.push(Transport::Tcp, App::SpoofedSyn, client, server, packets);
        } else {
            let client_ip = ctx.random_client();
            let client = ctx.client_socket(client_ip, server, Transport::Tcp);
            let size = cdf.sample(&mut ctx.rng);
            let size = ctx.opts.max_flow_bytes.map_or(size, |cap| size.min(cap));
            let request = ctx.rng.random_range(64..=512u64);
            let messages = [
                Message::new(Side::Client, Body::Fill(request)),
                Message::new(Side::Server, Body::Fill(size)),
            ];
            let built = tcp_flow(
                &mut ctx.rng,
                start,
                timing,
                &messages,
                Teardown::Fin(Side::Client),
            );
            ctx.push(Transport::Tcp, App::Bulk, client, server, built.packets);
        }
    }
}
