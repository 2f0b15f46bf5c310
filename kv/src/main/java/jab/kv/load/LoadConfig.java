package jab.kv.load;

/** What {@code jab kv load} sends: to whom, how many clients, for how long, which mix, at what rate. */
public final class LoadConfig {
    public String host = "127.0.0.1";
    public int port = 6379;
    public int clients = 64;
    /** Event-loop threads driving all the connections. */
    public int threads = 1;
    public long durationMillis = 20_000;
    public long warmupMillis = 5_000;
    public double getRatio = 0.8;
    public int keys = 50_000;
    public int valueSize = 32;
    /** Commands sent before reading their replies (1: request-reply). */
    public int pipeline = 1;
    /** Total requests per second across clients for open loop; 0: closed loop (as fast as replies come). */
    public double rate;
    /** Fill every key before the run, so GETs hit as in a warmed cache. */
    public boolean prefill = true;
    /** Password for AUTH, if the server wants one. */
    public String password;
    public long seed = 42;

    public void validate() {
        if (clients < 1 || clients > 10_000) {
            throw new IllegalArgumentException("--clients must be 1..10000, got " + clients);
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("--threads must be 1..256, got " + threads);
        }
        if (durationMillis <= 0) {
            throw new IllegalArgumentException("--duration must be > 0");
        }
        if (warmupMillis < 0) {
            throw new IllegalArgumentException("--warmup must be >= 0");
        }
        if (!(getRatio >= 0 && getRatio <= 1)) {
            throw new IllegalArgumentException("--get-ratio must be within 0..1, got " + getRatio);
        }
        if (keys < 1) {
            throw new IllegalArgumentException("--keys must be >= 1, got " + keys);
        }
        if (valueSize < 0 || valueSize > 64 * 1024 * 1024) {
            throw new IllegalArgumentException("--value-size must be 0..67108864, got " + valueSize);
        }
        if (pipeline < 1 || pipeline > 10_000) {
            throw new IllegalArgumentException("--pipeline must be 1..10000, got " + pipeline);
        }
        if (rate < 0 || Double.isNaN(rate)) {
            throw new IllegalArgumentException("--rate must be > 0 (or absent for closed loop)");
        }
    }
}
