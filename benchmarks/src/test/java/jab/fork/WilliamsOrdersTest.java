package jab.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The fork's round orders: each variant follows each other equally often, whatever the round count. */
class WilliamsOrdersTest {

    @Test
    void theDesignIsALatinSquareInWhichEachSymbolFollowsEachOtherEquallyOften() {
        for (int n = 2; n <= 9; n++) {
            int[][] rows = WilliamsOrders.design(n);
            assertThat(rows).hasNumberOfRows(n % 2 == 0 ? n : 2 * n);
            int[][] follows = new int[n][n];
            int[][] atPosition = new int[n][n];
            for (int[] row : rows) {
                assertThat(row).as("n=%d: a row runs every symbol once", n).containsExactlyInAnyOrder(range(n));
                for (int i = 0; i < n; i++) {
                    atPosition[row[i]][i]++;
                    if (i > 0) {
                        follows[row[i - 1]][row[i]]++;
                    }
                }
            }
            int times = n % 2 == 0 ? 1 : 2;
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    assertThat(follows[a][b]).as("n=%d: %d after %d", n, b, a).isEqualTo(a == b ? 0 : times);
                    assertThat(atPosition[a][b]).as("n=%d: %d at position %d", n, a, b).isEqualTo(times);
                }
            }
        }
    }

    @Test
    void anyNumberOfRoundsLeavesEachOrderedPairAtMostOneApartForEvenNTwoForOdd() {
        for (int n = 2; n <= 9; n++) {
            List<Integer> variants = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                variants.add(10 + 3 * i); // indices of a subset: not 0..n-1
            }
            int rows = n % 2 == 0 ? n : 2 * n;
            for (long seed = 1; seed <= 20; seed++) {
                WilliamsOrders orders = new WilliamsOrders(variants, new Random(seed));
                Map<List<Integer>, Integer> follows = new HashMap<>();
                for (int round = 1; round <= 4 * rows + 3; round++) {
                    List<Integer> order = orders.next();
                    assertThat(order).containsExactlyInAnyOrderElementsOf(variants);
                    for (int i = 1; i < n; i++) {
                        follows.merge(List.of(order.get(i - 1), order.get(i)), 1, Integer::sum);
                    }
                    int min = Integer.MAX_VALUE;
                    int max = 0;
                    for (int a : variants) {
                        for (int b : variants) {
                            if (a != b) {
                                int c = follows.getOrDefault(List.of(a, b), 0);
                                min = Math.min(min, c);
                                max = Math.max(max, c);
                            }
                        }
                    }
                    assertThat(max - min).as("n=%d, seed %d, %d rounds", n, seed, round).isLessThanOrEqualTo(n % 2 == 0 ? 1 : 2);
                    if (round % rows == 0) {
                        assertThat(max).as("n=%d, %d rounds: whole designs", n, round).isEqualTo(min);
                    }
                }
            }
        }
    }

    @Test
    void eachDesignIsRelabelledAndItsRowsReordered() {
        WilliamsOrders orders = new WilliamsOrders(List.of(0, 1, 2, 3, 4, 5), new Random(7));
        List<List<Integer>> firstRows = new ArrayList<>();
        for (int design = 0; design < 20; design++) {
            firstRows.add(orders.next());
            for (int r = 1; r < 6; r++) {
                orders.next();
            }
        }
        // a fixed labelling and row order would open every design with the same round
        assertThat(firstRows.stream().distinct().count()).isGreaterThan(10);
    }

    @Test
    void theSameSeedGivesTheSameOrders() {
        WilliamsOrders a = new WilliamsOrders(List.of(0, 1, 2, 3, 4), new Random(42));
        WilliamsOrders b = new WilliamsOrders(List.of(0, 1, 2, 3, 4), new Random(42));
        for (int round = 0; round < 37; round++) {
            assertThat(a.next()).isEqualTo(b.next());
        }
    }

    @Test
    void oneVariantRunsAloneAndNoneIsRefused() {
        WilliamsOrders one = new WilliamsOrders(List.of(3), new Random(1));
        assertThat(one.next()).containsExactly(3);
        assertThat(one.next()).containsExactly(3);
        assertThatThrownBy(() -> new WilliamsOrders(List.of(), new Random(1))).hasMessageContaining("no variants");
    }

    private static Integer[] range(int n) {
        Integer[] out = new Integer[n];
        for (int i = 0; i < n; i++) {
            out[i] = i;
        }
        return out;
    }
}
