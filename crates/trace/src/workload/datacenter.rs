//! Flow-size workloads (`websearch`, `datamining`, `hadoop`, `cache`): Poisson
//! arrivals of request/response flows whose response size is drawn from a published
//! datacenter flow-size distribution.
//!
//! Each flow: the client sends a request of 64–512 bytes, the server answers with
//! the drawn number of bytes. TCP flows (share `1 - udp_share`) have a full lifecycle
//! and end with FIN (90 %, either side closes first) or RST (10 %); UDP flows carry
//! the same two messages as datagrams.

use std::net::SocketAddrV4;

use rand::Rng;

use super::context::Ctx;
use super::flow::{Body, Message, Teardown, tcp_flow, udp_flow};
use super::model::{App, Side, Transport};
use crate::cdf::FlowSizes;

/// Fraction of TCP flows torn down by RST instead of FIN.
const RST_SHARE: f64 = 0.1;

/// Well-known server port per distribution (the application that produced it).
pub(crate) fn service_port(d: FlowSizes) -> u16 {
    match d {
        FlowSizes::WebSearch => 80,
        FlowSizes::DataMining => 9000,
        FlowSizes::Hadoop => 50_010,
        FlowSizes::Cache => 11_211,
    }
}

/// Generates `opts.flows` flows into `ctx`.
pub(crate) fn generate(ctx: &mut Ctx<'_>, dist: FlowSizes) {
    let cdf = dist.cdf();
    let port = service_port(dist);
    for _ in 0..ctx.opts.flows {
        let start = ctx.next_arrival();
        let size = cdf.sample(&mut ctx.rng);
        let size = ctx.opts.max_flow_bytes.map_or(size, |cap| size.min(cap));
        let request = ctx.rng.random_range(64..=512u64);
        let udp = ctx.rng.random_bool(ctx.opts.udp_share);
        let client_ip = ctx.random_client();
        let server = SocketAddrV4::new(ctx.random_server(), port);
        let timing = ctx.timing();
        let messages = [
            Message::new(Side::Client, Body::Fill(request)),
            Message::new(Side::Server, Body::Fill(size)),
        ];
        if udp {
            let client = ctx.client_socket(client_ip, server, Transport::Udp);
            let built = udp_flow(start, timing, &messages);
            ctx.push(Transport::Udp, App::Bulk, client, server, built.packets);
        } else {
            let client = ctx.client_socket(client_ip, server, Transport::Tcp);
            let closer = if ctx.rng.random_bool(0.5) {
                Side::Client
            } else {
                Side::Server
            };
            let teardown = if ctx.rng.random_bool(RST_SHARE) {
                Teardown::Rst(closer)
            } else {
                Teardown::Fin(closer)
            };
            let built = tcp_flow(&mut ctx.rng, start, timing, &messages, teardown);
            ctx.push(Transport::Tcp, App::Bulk, client, server, built.packets);
        }
    }
}
