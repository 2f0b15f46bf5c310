package jab.harness.run;

import java.util.ArrayList;
import java.util.List;

/**
 * A/A questions for {@code jab calibrate}: each variant of a run's interleaved questions against
 * itself (the same benchmark and params twice, each copy in its own class loader as any two variants
 * are), measured with the same slices, forks and stop rule as a real question. Their ratios are 1 by
 * construction, so how often the 95% intervals cover 1 checks the interval, and how often a verdict
 * other than "the same" comes out checks the stop rule.
 */
final class AaCases {
    /** The label of a variant's second copy. */
    static final String AGAIN = " again";

    private AaCases() {
    }

    /**
     * A/A cases of the interleaved cases' variants, taking the first variant of every case, then the
     * second, and so on (so the families and questions mix), repeating them until there are {@code least}.
     */
    static List<QuestionCase> of(List<QuestionCase> cases, int least) {
        List<QuestionCase> interleaved = cases.stream().filter(QuestionCase::interleaved).toList();
        List<QuestionCase> each = new ArrayList<>();
        int widest = interleaved.stream().mapToInt(c -> c.variants().size()).max().orElse(0);
        for (int i = 0; i < widest; i++) {
            for (QuestionCase c : interleaved) {
                if (i < c.variants().size()) {
                    each.add(againstItself(c, c.variants().get(i)));
                }
            }
        }
        List<QuestionCase> out = new ArrayList<>();
        for (int i = 0; !each.isEmpty() && out.size() < Math.max(least, each.size()); i++) {
            QuestionCase c = each.get(i % each.size());
            int replicate = i / each.size() + 1;
            out.add(replicate == 1 ? c : new QuestionCase(c.question(), c.fixed(), c.title() + ", replicate " + replicate, c.variants(), ""));
        }
        return out;
    }

    static QuestionCase againstItself(QuestionCase c, QuestionCase.Variant v) {
        QuestionCase.Variant copy = new QuestionCase.Variant(v.label() + AGAIN, v.name() + " (again)", v.job());
        return new QuestionCase(c.question(), c.fixed(), "A/A: " + v.name() + " against itself, " + c.title(), List.of(v, copy), "");
    }
}
