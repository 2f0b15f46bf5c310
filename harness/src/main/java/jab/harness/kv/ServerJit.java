package jab.harness.kv;

import java.io.IOException;

import jab.kv.load.RespClient;

/**
 * The CPU time a jab server's JIT compiler threads have used so far (INFO jvm's jit_cpu_time_ms), read
 * over a connection of its own held open for the side by side, so that reading it registers no new channel on
 * the server's event loop in the middle of a round. The JIT's compiler threads run in the server's
 * cgroup and bill their work to the requests measured then; read around each run, it says how much of a
 * run's CPU was the JVM compiling rather than serving. (The JVM's own count, jit_compile_time_ms, is the
 * time compilations took, waits for the CPU quota included: twice the server's CPU time in a busy second.) Redis compiles nothing: it gets no reading.
 */
final class ServerJit implements AutoCloseable {
    private static final String FIELD = "jit_cpu_time_ms:";
    private final RespClient client;

    private ServerJit(RespClient client) {
        this.client = client;
    }

    /** A reader for jab's servers; one that reads nothing (NaN) for any other. */
    static ServerJit of(ServerProcess s) throws IOException {
        return new ServerJit(s.name.equals("jab") ? new RespClient("127.0.0.1", s.port) : null);
    }

    /** The server's JIT CPU time so far in ms; NaN for a server without a JIT or one that does not say. */
    double millis() throws IOException {
        if (client == null) {
            return Double.NaN;
        }
        client.command("INFO", "jvm");
        client.flush();
        for (String line : client.readBulkString().split("\r\n")) {
            if (line.startsWith(FIELD)) {
                long ms = Long.parseLong(line.substring(FIELD.length()).trim());
                return ms < 0 ? Double.NaN : ms;
            }
        }
        return Double.NaN;
    }

    @Override
    public void close() throws IOException {
        if (client != null) {
            client.close();
        }
    }
}
