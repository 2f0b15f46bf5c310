package jab.harness.kv;

import java.util.ArrayList;
import java.util.List;

import jab.fork.WilliamsOrders;

/**
 * The order servers run in, round after round, when several take turns on one machine whose speed
 * drifts: the rows of a Williams design, the Latin square the interleaved forks order their variants
 * by ({@link WilliamsOrders#design}), taken in turn. Over as many rounds as there are servers (twice as
 * many for an odd count) each server runs first equally often, in each place equally often, and right
 * after each other server equally often, so neither the machine's drift nor what one server leaves
 * behind (a warm cache, dirty pages) lands on some servers only. For two servers it is the
 * alternation A B, B A.
 */
final class ServerOrder {
    private ServerOrder() {
    }

    /** The servers in the order they run in round {@code round} (0-based); the caller's list is left as it is. */
    static <T> List<T> of(List<T> servers, int round) {
        int[][] rows = WilliamsOrders.design(servers.size());
        List<T> out = new ArrayList<>(servers.size());
        for (int i : rows[round % rows.length]) {
            out.add(servers.get(i));
        }
        return out;
    }
}
