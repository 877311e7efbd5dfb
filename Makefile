# The front door. `make run` and `make test` install what is missing, build, then run or test.
PRESET ?= dev
WERROR ?= OFF
BUILD_DIR := $(if $(filter dev,$(PRESET)),build,build-$(PRESET))
JOBS ?= $(shell nproc)

.PHONY: all deps configure build run test format lint clean

all: build

deps:
	scripts/install-deps

configure:
	cmake --preset $(PRESET) -DHASHSCOPE_WERROR=$(WERROR) >/dev/null

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: deps build
	scripts/run-app $(BUILD_DIR)

test: deps build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

format:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

lint: configure
	git ls-files 'core/*.cpp' 'app/*.cpp' 'ui/*.cpp' | xargs clang-tidy -p $(BUILD_DIR) --quiet

clean:
	rm -rf build build-*
