@echo off
rem jab launcher for Windows, the twin of ./jab: finds a JDK (JAB_JAVA, JAVA_HOME, PATH), builds jab
rem with mvnw.cmd on first use and whenever a pom.xml or a source changed, then runs the CLI with the
rem same class path as ./jab (JMH forks inherit it).
setlocal EnableExtensions
set "JAB_HOME=%~dp0"
if "%JAB_HOME:~-1%"=="\" set "JAB_HOME=%JAB_HOME:~0,-1%"

set "JAVA="
if defined JAB_JAVA if exist "%JAB_JAVA%" set "JAVA=%JAB_JAVA%"
if not defined JAVA if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA=%JAVA_HOME%\bin\java.exe"
if not defined JAVA for %%J in (java.exe) do set "JAVA=%%~$PATH:J"
if not defined JAVA (
  echo jab: needs a JDK 17 or later ^(set JAVA_HOME or put java on PATH^) 1>&2
  exit /b 2
)
rem JAVA_HOME for mvnw.cmd: the JDK whose java runs jab.
for %%J in ("%JAVA%") do set "JAVA_BIN=%%~dpJ"
for %%D in ("%JAVA_BIN%..") do set "JAVA_HOME=%%~fD"

set "JAR=%JAB_HOME%\harness\target\jab-harness.jar"
set "STAMP=%JAB_HOME%\harness\target\.jab-build-stamp"
rem Stale when the jar or stamp is missing, or a pom.xml or a file under */src is newer than the stamp.
powershell -NoProfile -NonInteractive -Command ^
  "$h='%JAB_HOME%'; $s='%STAMP%'; if (-not (Test-Path '%JAR%') -or -not (Test-Path $s)) { exit 1 };" ^
  "$t=(Get-Item $s).LastWriteTime; $f=@(Get-Item (Join-Path $h 'pom.xml'));" ^
  "foreach ($d in Get-ChildItem $h -Directory) { $f += @(Get-ChildItem (Join-Path $d.FullName 'pom.xml') -ErrorAction SilentlyContinue);" ^
  "  if (Test-Path (Join-Path $d.FullName 'src')) { $f += @(Get-ChildItem (Join-Path $d.FullName 'src') -Recurse -File) } };" ^
  "if (@($f | Where-Object { $_.LastWriteTime -gt $t }).Count -gt 0) { exit 1 } else { exit 0 }"
if errorlevel 1 (
  echo jab: building ^(first use or sources changed^) ... 1>&2
  if not exist "%JAB_HOME%\harness\target" mkdir "%JAB_HOME%\harness\target"
  pushd "%JAB_HOME%"
  call "%JAB_HOME%\mvnw.cmd" -q -B -DskipTests package > "%JAB_HOME%\harness\target\jab-build.log" 2>&1
  if errorlevel 1 (
    popd
    type "%JAB_HOME%\harness\target\jab-build.log" 1>&2
    echo jab: build failed; full log: %JAB_HOME%\harness\target\jab-build.log 1>&2
    exit /b 1
  )
  popd
  type nul > "%STAMP%"
)

rem jab kv serve is a server: an OutOfMemoryError must end it with a message, as in ./jab.
set "SERVER_OPTS="
if "%~1"=="kv" if "%~2"=="serve" set "SERVER_OPTS=-XX:+ExitOnOutOfMemoryError"
"%JAVA%" %JAB_JAVA_OPTS% %SERVER_OPTS% -Djab.home="%JAB_HOME%" -cp "%JAR%;%JAB_HOME%\harness\target\lib\*" jab.harness.Jab %*
exit /b %ERRORLEVEL%
