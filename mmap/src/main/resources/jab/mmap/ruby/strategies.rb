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

  def initialize(path, window, force)
    @raf = java.io.RandomAccessFile.new(path, 'rw')
    @raf.set_length(0)
    @channel = @raf.channel
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
    @raf.close
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
