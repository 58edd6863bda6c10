// Assignment rules and integer width inference.
param limit: u16 = 10;

on packet {
    let count: u16 = 0;
    count = count + 1;
    limit = 5;
    let width = 5;
    let h = crc32(7);
    for i in 0..70000 {
        payload[i] == 0;
    }
    forward(1);
}
