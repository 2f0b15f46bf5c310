# The Ruby side of jab's mmap benchmarks: seed 004's seven ways of writing a file from JRuby.
# Every method writes `total` bytes of the same pattern as jab.mmap.Pattern ('a'..'z' repeated
# over a chunk of `chunk_size` bytes, the last chunk cut to fit) and returns the bytes written.
# The loops are kept alike so that only the write call differs between strategies; they are written
# out rather than shared through `send`, which would put a dynamic call into every measured write.
require 'java'

java_import 'jab.mmap.jruby.MmapFile'
java_import 'jab.mmap.Unmapper'

# Seed 004's PureMmapFile: java.nio driven from Ruby, the data handed over as String#to_java_bytes.
# Maps windows like jab's writer, so totals beyond 2 GiB work too.
class PureMmapFile
  READ_WRITE = java.nio.channels.FileChannel::MapMode::READ_WRITE

  OPEN = [java.nio.file.StandardOpenOption::CREATE, java.nio.file.StandardOpenOption::TRUNCATE_EXISTING,
          java.nio.file.StandardOpenOption::READ, java.nio.file.StandardOpenOption::WRITE].freeze

  def initialize(path, window, force)
    # O_TRUNC at open, as jab.mmap.MappedFileWriter does, not RandomAccessFile#set_length(0) after it:
    # on ext4 a truncate to 0 arms auto_da_alloc, and close would then start write-back of every
    # dirty page inside the timing, while O_TRUNC on a file open itself created truncates nothing.
    @channel = java.nio.channels.FileChannel.open(java.io.File.new(path).to_path, *OPEN)
    @window = window
    @force = force
    @next = 0
    @written = 0
    @buf = nil
  end

  def write(str)
    bytes = str.to_java_bytes
    off = 0
    len = bytes.length
    while len > 0
      remap if @buf.nil? || !@buf.has_remaining
      room = @buf.remaining
      n = room < len ? room : len
      @buf.put(bytes, off, n)
      off += n
      len -= n
      @written += n
    end
  end

  def close
    Unmapper.unmap(@buf) if @buf
    @buf = nil
    @channel.truncate(@written)
    @channel.force(true) if @force
    @channel.close
  end

  # Writes from the start of the current window again: it stays mapped, its pages faulted in.
  def rewind
    @buf.position(0) if @buf
  end

  private

  def remap
    Unmapper.unmap(@buf) if @buf
    @buf = @channel.map(READ_WRITE, @next, @window)
    @next += @window
  end
end

module JabMmapBench
  ALPHABET = ('a'..'z').to_a.join.freeze

  def self.chunk(size)
    (ALPHABET * (size / 26 + 1))[0, size]
  end

  def self.ruby_file(path, chunk_size, total, window, force)
    chunk = chunk(chunk_size)
    full, tail = total.divmod(chunk_size)
    File.open(path, 'wb') do |f|
      i = 0
      while i < full
        f.write(chunk)
        i += 1
      end
      f.write(chunk[0, tail]) if tail > 0
      f.fsync if force
    end
    total
  end

  def self.pure_to_java_bytes(path, chunk_size, total, window, force)
    chunk = chunk(chunk_size)
    full, tail = total.divmod(chunk_size)
    f = PureMmapFile.new(path, window, force)
    begin
      i = 0
      while i < full
        f.write(chunk)
        i += 1
      end
      f.write(chunk[0, tail]) if tail > 0
    ensure
      f.close
    end
    total
  end

  def self.java_autoboxing(path, chunk_size, total, window, force)
    chunk = chunk(chunk_size)
    full, tail = total.divmod(chunk_size)
    f = MmapFile.new(path, window, force)
    begin
      i = 0
      while i < full
        f.write_string(chunk)
        i += 1
      end
      f.write_string(chunk[0, tail]) if tail > 0
    ensure
      f.close
    end
    total
  end

  def self.java_safe(path, chunk_size, total, window, force)
    chunk = chunk(chunk_size)
    full, tail = total.divmod(chunk_size)
    f = MmapFile.new(path, window, force)
    begin
      i = 0
      while i < full
        f.write_safe(chunk)
        i += 1
      end
      f.write_safe(chunk[0, tail]) if tail > 0
    ensure
      f.close
    end
    total
  end

  def self.java_unsafe(path, chunk_size, total, window, force)
    chunk = chunk(chunk_size)
    full, tail = total.divmod(chunk_size)
    f = MmapFile.new(path, window, force)
    begin
      i = 0
      while i < full
        f.write_unsafe(chunk)
        i += 1
      end
      f.write_unsafe(chunk[0, tail]) if tail > 0
    ensure
      f.close
    end
    total
  end

  def self.ext_safe(path, chunk_size, total, window, force)
    chunk = chunk(chunk_size)
    full, tail = total.divmod(chunk_size)
    f = MmapFileExt.new(path, window, force)
    begin
      i = 0
      while i < full
        f.write_safe(chunk)
        i += 1
      end
      f.write_safe(chunk[0, tail]) if tail > 0
    ensure
      f.close
    end
    total
  end

  def self.ext_unsafe(path, chunk_size, total, window, force)
    chunk = chunk(chunk_size)
    full, tail = total.divmod(chunk_size)
    f = MmapFileExt.new(path, window, force)
    begin
      i = 0
      while i < full
        f.write_unsafe(chunk)
        i += 1
      end
      f.write_unsafe(chunk[0, tail]) if tail > 0
    ensure
      f.close
    end
    total
  end
end

# The call-cost side: one open writer per strategy and one chunk, for a benchmark that times a single
# write into memory that is already mapped and faulted in. `write_one` makes exactly the call the
# strategy's whole-file loop above makes, so the two measure the same crossing; `rewind` goes back to
# the start of the region (no new mapping, no new page faults: the caller writes the region once
# first); `close` closes the file. One small class per call, for the same reason the loops above
# are written out: a `send` would add a dynamic call to every measured write.
module JabMmapCalls
  class Base
    def initialize(f, chunk)
      @f = f
      @chunk = chunk
    end

    def rewind
      @f.rewind
    end

    def close
      @f.close
    end
  end

  # The classes are named by the call they make; the ext and Java-class strategies differ in @f.
  class UnsafeCall < Base
    def write_one
      @f.write_unsafe(@chunk)
    end
  end

  class SafeCall < Base
    def write_one
      @f.write_safe(@chunk)
    end
  end

  class StringCall < Base
    def write_one
      @f.write_string(@chunk)
    end
  end

  # PureMmapFile#write (String#to_java_bytes, then ByteBuffer#put).
  class WriteCall < Base
    def write_one
      @f.write(@chunk)
    end
  end

  # Ruby's File: each write goes to the page cache of a file written once before; rewind seeks to 0.
  class FileWriteCall < WriteCall
    def rewind
      @f.seek(0)
    end
  end

  # A writer of `name` (RubyWriteStrategy#rubyName) on `path` whose mapped window is the region.
  def self.open(name, path, chunk_size, region)
    chunk = JabMmapBench.chunk(chunk_size)
    case name
    when 'ext_unsafe' then UnsafeCall.new(MmapFileExt.new(path, region, false), chunk)
    when 'java_unsafe' then UnsafeCall.new(MmapFile.new(path, region, false), chunk)
    when 'ext_safe' then SafeCall.new(MmapFileExt.new(path, region, false), chunk)
    when 'java_safe' then SafeCall.new(MmapFile.new(path, region, false), chunk)
    when 'ruby_file' then FileWriteCall.new(File.open(path, 'wb'), chunk)
    when 'pure_to_java_bytes' then WriteCall.new(PureMmapFile.new(path, region, false), chunk)
    when 'java_autoboxing' then StringCall.new(MmapFile.new(path, region, false), chunk)
    else raise ArgumentError, "no strategy #{name}"
    end
  end
end
