package jab.harness.run.options;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.UsageException;
import jab.harness.run.jmh.BenchmarkCatalog;

/**
 * The values a JMH {@code @Param} over an enum field can take: the enum's constants. JMH itself only
 * finds out in the fork, where an unknown value fails the benchmark after the run has begun; the
 * benchmark classes are on jab's own class path (the forks use the same one), so the field's type
 * is read from there before anything runs, and every family gets the same check without declaring
 * its values.
 */
final class EnumParams {
    private EnumParams() {
    }

    /** Refuses a -p value that is not a constant of the enum the param's field holds, in any selected benchmark. */
    static void check(Iterable<BenchmarkListEntry> benchmarks, Map<String, String[]> params) {
        for (BenchmarkListEntry b : benchmarks) {
            for (String name : BenchmarkCatalog.params(b).keySet()) {
                String[] given = params.get(name);
                if (given == null) {
                    continue;
                }
                Optional<List<String>> constants = constants(b, name);
                if (constants.isEmpty()) {
                    continue;
                }
                for (String v : given) {
                    if (!constants.get().contains(v)) {
                        String owner = b.getUserClassQName().substring(b.getUserClassQName().lastIndexOf('.') + 1);
                        throw new UsageException("-p " + name + "=" + v + ": unknown value; " + name + " of " + owner
                                + " is one of " + String.join(", ", constants.get()));
                    }
                }
            }
        }
    }

    /** The constants' names when the param's field is an enum; empty for other types or a class that cannot be read. */
    static Optional<List<String>> constants(BenchmarkListEntry benchmark, String param) {
        return field(benchmark, param).map(Field::getType).filter(Class::isEnum)
                .map(t -> Arrays.stream(t.getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList());
    }

    /**
     * The {@code @Param} field of that name: in the benchmark class or one of the {@code @State}
     * classes its method takes, or their superclasses, as JMH looks for it.
     */
    private static Optional<Field> field(BenchmarkListEntry benchmark, String param) {
        try {
            Class<?> type = Class.forName(benchmark.getUserClassQName(), false, EnumParams.class.getClassLoader());
            List<Class<?>> holders = new ArrayList<>(List.of(type));
            String method = benchmark.getUsername().substring(benchmark.getUsername().lastIndexOf('.') + 1);
            for (Method m : type.getMethods()) {
                if (m.getName().equals(method)) {
                    holders.addAll(Arrays.asList(m.getParameterTypes()));
                }
            }
            for (Class<?> holder : holders) {
                for (Class<?> c = holder; c != null && c != Object.class; c = c.getSuperclass()) {
                    for (Field f : c.getDeclaredFields()) {
                        if (f.getName().equals(param) && f.isAnnotationPresent(Param.class)) {
                            return Optional.of(f);
                        }
                    }
                }
            }
            return Optional.empty();
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty(); // the fork will say what is wrong with the class; nothing to check here
        }
    }
}
