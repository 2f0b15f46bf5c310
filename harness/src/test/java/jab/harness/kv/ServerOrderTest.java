package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The side by side's order of servers over rounds: a Williams square, each server first, in each place and after each other equally often. */
class ServerOrderTest {
    private static final List<String> FOUR = List.of("jab-io_uring", "jab-nio", "jab-epoll", "redis");

    @Test
    void overFourRoundsEachOfFourServersRunsOnceInEachPlaceAndOnceAfterEachOther() {
        Map<String, int[]> places = new HashMap<>();
        Map<List<String>, Integer> follows = new HashMap<>();
        for (int round = 0; round < 4; round++) {
            List<String> order = ServerOrder.of(FOUR, round);
            assertThat(order).as("round %d runs every server once", round).containsExactlyInAnyOrderElementsOf(FOUR);
            for (int i = 0; i < order.size(); i++) {
                places.computeIfAbsent(order.get(i), k -> new int[FOUR.size()])[i]++;
                if (i > 0) {
                    follows.merge(List.of(order.get(i - 1), order.get(i)), 1, Integer::sum);
                }
            }
        }
        FOUR.forEach(s -> assertThat(places.get(s)).as(s + ": rounds in each place, first place first").containsOnly(1));
        assertThat(follows).as("every ordered pair of servers, once").hasSize(4 * 3).allSatisfy((pair, n) -> assertThat(n).isOne());
        assertThat(FOUR).as("the caller's list is not reordered").containsExactly("jab-io_uring", "jab-nio", "jab-epoll", "redis");
    }

    @Test
    void twoServersAlternateAsTheSideBySideAlwaysHad() {
        List<String> sequence = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            sequence.addAll(ServerOrder.of(List.of("jab", "redis"), round));
        }
        assertThat(sequence).containsExactly("jab", "redis", "redis", "jab", "jab", "redis", "redis", "jab");
    }

    @Test
    void threeServersEachRunFirstTwiceInSixRoundsAndTheOrdersThenRepeat() {
        List<String> three = List.of("jab-nio", "jab-epoll", "redis");
        Map<String, Integer> first = new HashMap<>();
        for (int round = 0; round < 6; round++) {
            first.merge(ServerOrder.of(three, round).get(0), 1, Integer::sum);
        }
        assertThat(first).containsOnlyKeys("jab-nio", "jab-epoll", "redis").allSatisfy((server, n) -> assertThat(n).isEqualTo(2));
        assertThat(ServerOrder.of(three, 6)).isEqualTo(ServerOrder.of(three, 0));
        assertThat(ServerOrder.of(List.of("jab"), 3)).containsExactly("jab");
    }
}
