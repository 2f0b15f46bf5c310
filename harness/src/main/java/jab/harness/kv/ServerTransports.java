package jab.harness.kv;

import java.util.ArrayList;
import java.util.List;

import jab.kv.server.Transport;

/**
 * The transports of jab's server the kv family measures (Netty's epoll and io_uring, the JDK's NIO):
 * those this machine can run, as Netty finds them here (the kernel, its seccomp policy and the
 * native libraries decide), in one order everywhere: the others in {@link Transport}'s order, then
 * the default ({@link Transport#auto()}) last, beside Redis. Runs made before transports were compared
 * held jab's server on the default only, just before Redis's rows; listed last among jab's, its rows
 * stay where a reader of those runs (or a script that takes jab's last row) finds jab as users run it.
 */
final class ServerTransports {
    private ServerTransports() {
    }

    /** Every transport this machine can run, the default last. */
    static List<Transport> available() {
        return inOrder(List.of(Transport.values()).stream().filter(Transport::available).toList(), Transport.auto());
    }

    /** {@code available} in the order the kv family lists them: the others as given, then {@code byDefault}. */
    static List<Transport> inOrder(List<Transport> available, Transport byDefault) {
        List<Transport> out = new ArrayList<>(available);
        out.remove(byDefault);
        out.add(byDefault);
        return out;
    }

    /** One sentence per transport this machine cannot run, saying why (Netty's reason). */
    static List<String> leftOut() {
        return List.of(Transport.values()).stream().filter(t -> !t.available())
                .map(t -> "jab kv serve on " + t.label() + " cannot run here: " + t.unavailability()).toList();
    }
}
