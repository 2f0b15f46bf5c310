package jab.harness.kv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for jab in {@link ServersDieWithJabTest}: starts a server ("jab" or "redis PATH") as
 * {@code jab run kv} does, from a thread that ends at once, prints "port N", then waits to be killed.
 */
public final class ServersUntilKilled {
    private ServersUntilKilled() {
    }

    public static void main(String[] args) throws Exception {
        List<ServerProcess> started = new ArrayList<>();
        Thread starter = new Thread(() -> {
            try {
                started.add(args[0].equals("jab")
                        ? ServerProcess.jab(Path.of(System.getProperty("java.home"), "bin", "java"), 2, 1)
                        : ServerProcess.redis(Path.of(args[1])));
            } catch (Exception e) {
                e.printStackTrace();
            }
        }, "short-lived starter");
        starter.start();
        starter.join(); // the thread that started the server is gone: the server must live on
        for (ServerProcess s : started) {
            System.out.println("port " + s.port);
        }
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
