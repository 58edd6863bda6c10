// Compiles, with warnings: an unused binding, a discarded value, dead code.
on packet {
    let ttl = ipv4.ttl;
    let _quiet = ipv4.ttl;
    tcp.dst_port == 80;
    for i in 0..4 {
        forward(1);
    }
    drop();
    forward(0);
}
