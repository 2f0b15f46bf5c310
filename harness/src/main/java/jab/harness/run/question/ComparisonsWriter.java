package jab.harness.run.question;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import jab.harness.results.Comparisons;
import jab.harness.results.RunStore;

/** comparisons.json: every asked case with its forks so far and the ratios and verdicts drawn from them. */
final class ComparisonsWriter {
    private final RunStore store;
    private final double band;
    private final List<AskedCase> asked;

    /** Writes {@code asked} as it grows. */
    ComparisonsWriter(RunStore store, double band, List<AskedCase> asked) {
        this.store = store;
        this.band = band;
        this.asked = asked;
    }

    /** comparisons.json as it stands. */
    void write() throws IOException {
        if (asked.isEmpty()) {
            return;
        }
        List<Comparisons.Asked> out = new ArrayList<>();
        for (AskedCase a : asked) {
            out.add(withPlantedTruths(a.c, asked(a).withRatios(band)));
        }
        store.writeDocument(Comparisons.NAME, new Comparisons(Comparisons.FORMAT_VERSION, band, out));
    }

    /** The question's ratios, each with its true ratio where calibrate planted both variants ({@link QuestionCase#plantedRatio}). */
    static Comparisons.Asked withPlantedTruths(QuestionCase c, Comparisons.Asked q) {
        List<Comparisons.Ratio> ratios = q.ratios().stream().map(r -> r.planted(c.plantedRatio(r.a(), r.b()).orElse(null))).toList();
        return q.replacingRatios(ratios);
    }

    /** The case as comparisons.json holds it: its variants, slices, forks and design, its ratios not yet drawn. */
    static Comparisons.Asked asked(AskedCase a) {
        List<Comparisons.Variant> details = new ArrayList<>();
        for (QuestionCase.Variant v : a.c.variants()) {
            details.add(new Comparisons.Variant(v.label(), v.name(), v.job().benchmark(), new java.util.TreeMap<>(v.job().params()),
                    a.units.getOrDefault(v.label(), "")));
        }
        String unit = a.units.values().stream().findFirst().orElse("");
        List<String> labels = a.c.variants().stream().map(QuestionCase.Variant::label).toList();
        return new Comparisons.Asked(a.c.title(), a.c.family().name(), a.jdk.id(), a.c.fixed(), labels, a.c.reference(), details,
                unit.startsWith("ops/"), a.whyApart,
                new Comparisons.Slices(a.schedule.slice().toString(), a.schedule.warmupRounds(), a.schedule.rounds(), a.secondsPerFork,
                        a.c.variants().get(0).job().entry().getMode().shortLabel()), a.forks, List.of(),
                a.design);
    }
}
