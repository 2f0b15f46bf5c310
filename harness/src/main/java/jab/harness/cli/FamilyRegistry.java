package jab.harness.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import jab.harness.family.Family;
import jab.harness.family.FamilySet;

/**
 * The families on the class path, found with {@link ServiceLoader}: each jar (or classes folder)
 * lists its own in META-INF/services/jab.harness.family.Family, in the order {@code jab run} runs
 * them. A family defined elsewhere (a test's, a user's jar) joins by being on the class path.
 * Each call makes new instances, so the options a family collects for one command stay with it.
 */
public final class FamilyRegistry {
    private FamilyRegistry() {
    }

    public static FamilySet load() {
        List<Family> found = new ArrayList<>();
        ServiceLoader.load(Family.class, FamilyRegistry.class.getClassLoader()).forEach(found::add);
        return new FamilySet(found);
    }
}
