# The front door. `make run` and `make test` install what is missing, build, then run or test.
PRESET ?= dev
WERROR ?= OFF
BUILD_DIR := $(if $(filter dev,$(PRESET)),build,build-$(PRESET))
JOBS ?= $(shell nproc)

.PHONY: all deps configure build run test package sanitize-asan sanitize-tsan format format-check lint clean

all: build

# PRESET=arm64 also wants the aarch64 cross toolchain, QEMU and the arm64 sysroot.
deps:
	scripts/install-deps $(if $(filter arm64,$(PRESET)),--arm64)

configure:
	cmake --preset $(PRESET) -DHASHSCOPE_WERROR=$(WERROR) >/dev/null

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: deps build
	scripts/run-app $(BUILD_DIR)

# The tests, then (dev preset, with clang present) the same core and CLI tests under
# AddressSanitizer and UBSan, with a short run of every fuzz target. PRESET=arm64 runs the tests
# under qemu-aarch64 (the toolchain file's emulator) and has no sanitizer step.
test: deps build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	@if [ "$(PRESET)" != dev ]; then echo "make test: sanitizer and fuzz runs belong to the dev preset, skipped"; \
	elif command -v clang++ >/dev/null; then $(MAKE) --no-print-directory sanitize-asan; \
	else echo "make test: clang++ not found, sanitizer and fuzz runs skipped"; fi

# The Debian package and the tarball (CPack, packaging/CMakeLists.txt), from a Release build in
# build-release/; prints the files it made. PRESET=arm64: from the arm64-release preset's build
# in build-arm64-release/ (the programs only), hashscope_<version>_arm64.deb.
PACKAGE_PRESET := $(if $(filter arm64,$(PRESET)),arm64-release,release)
PACKAGE_DIR := build-$(PACKAGE_PRESET)
package: deps
	cmake --preset $(PACKAGE_PRESET) -DHASHSCOPE_WERROR=$(WERROR) >/dev/null
	cmake --build $(PACKAGE_DIR) -j $(JOBS)
	rm -f $(PACKAGE_DIR)/hashscope_*.deb $(PACKAGE_DIR)/hashscope-*.tar.gz
	cd $(PACKAGE_DIR) && cpack
	@echo "make package: made"; ls -1 $(PACKAGE_DIR)/hashscope_*.deb $(PACKAGE_DIR)/hashscope-*.tar.gz | sed 's/^/  /'

sanitize-asan: deps
	cmake --preset asan -DHASHSCOPE_WERROR=$(WERROR) >/dev/null
	cmake --build build-asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

# The threaded engine (verifier, benchmark runner) under ThreadSanitizer; CI runs it after `make test`.
sanitize-tsan: deps
	cmake --preset tsan -DHASHSCOPE_WERROR=$(WERROR) >/dev/null
	cmake --build build-tsan -j $(JOBS) --target core_tests hashscope-cli
	ctest --preset tsan -j $(JOBS)

format:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

# Fails, naming the files, when a tracked C++ file differs from the committed .clang-format (CI).
format-check:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run -Werror

# clang-tidy with the committed .clang-tidy over every tracked source of core, app and ui, warnings
# as errors (CI); scripts/lint says what it adjusts in GCC's compile database. Needs a built tree:
# the Qt files include generated headers.
lint: build
	scripts/lint $(BUILD_DIR) $(JOBS)

clean:
	rm -rf build build-*
