package jab.kv.persist;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jab.kv.server.KvServer;
import jab.kv.server.ServerConfig;
import jab.kv.server.Transport;

/**
 * A jab kv server with persistence in a JVM of its own, so a test can kill -9 it: a real process
 * dying, not a close. {@link #main} is the child's side; it prints its port once it listens.
 */
final class ChildServer implements AutoCloseable {
    final int port;
    final Process process;

    private ChildServer(int port, Process process) {
        this.port = port;
        this.process = process;
    }

    /**
     * Starts a child on {@code dir} with AOF on, this fsync and this transport; {@code ulimitKb} > 0
     * caps the size of any file it writes (ulimit -f).
     */
    static ChildServer start(Path dir, String fsync, long ulimitKb, Transport transport) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>();
        String javaCmd = String.join(" ", java, "-Xmx256m", "-cp", "'" + System.getProperty("java.class.path") + "'",
                ChildServer.class.getName(), "'" + dir + "'", fsync, transport.label());
        if (ulimitKb > 0) {
            cmd.addAll(List.of("bash", "-c", "ulimit -f " + ulimitKb + " && exec " + javaCmd));
        } else {
            cmd.addAll(List.of("bash", "-c", "exec " + javaCmd));
        }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.startsWith("port ")) {
            p.destroyForcibly();
            throw new IOException("the child server did not start: " + line);
        }
        return new ChildServer(Integer.parseInt(line.substring(5).trim()), p);
    }

    /** kill -9: SIGKILL on Linux, nothing runs in the child after it. */
    void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        kill9();
    }

    public static void main(String[] args) throws Exception {
        PersistenceConfig p = new PersistenceConfig();
        p.dir = Path.of(args[0]);
        p.appendOnly = true;
        p.appendFsync = Fsync.of(args[1]);
        p.save = List.of();
        ServerConfig c = new ServerConfig();
        c.port = 0;
        c.ioThreads = 1;
        c.transport = Transport.named(args[2]);
        c.persistence = p;
        KvServer server = new KvServer(c);
        System.out.println("port " + server.start());
        System.out.flush();
        server.awaitClose();
    }
}
