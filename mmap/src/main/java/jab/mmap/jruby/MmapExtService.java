package jab.mmap.jruby;

import org.jruby.Ruby;
import org.jruby.RubyClass;
import org.jruby.runtime.load.BasicLibraryService;

/** Defines the Ruby class {@code MmapFileExt} ({@link MmapFileExt}) in a JRuby runtime. */
public final class MmapExtService implements BasicLibraryService {
    @Override
    public boolean basicLoad(Ruby runtime) {
        RubyClass type = runtime.defineClass("MmapFileExt", runtime.getObject(), MmapFileExt::new);
        type.defineAnnotatedMethods(MmapFileExt.class);
        return true;
    }
}
