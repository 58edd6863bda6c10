// A path without a verdict, and code after a verdict.
on packet {
    if tcp.valid {
        forward(1);
        drop();
    } else if udp.valid {
        drop();
    }
}
