#ifndef CEPOLL_H
#define CEPOLL_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>

// Thin wrappers over Linux calls Swift's Glibc import handles poorly (the packed
// epoll_event, variadic or macro-heavy APIs, signal handlers). All return -1 and
// leave errno set on failure, like the calls they wrap.

// epoll_event is packed on x86_64; this is the unpacked form Swift can index.
typedef struct {
    uint32_t events;
    uint64_t data;
} cepoll_event;

enum {
    CEPOLL_IN = 0x001,
    CEPOLL_OUT = 0x004,
    CEPOLL_ERR = 0x008,
    CEPOLL_HUP = 0x010,
    CEPOLL_RDHUP = 0x2000,
};

int cepoll_create(void);
int cepoll_add(int epfd, int fd, uint32_t events, uint64_t data);
int cepoll_modify(int epfd, int fd, uint32_t events, uint64_t data);
int cepoll_remove(int epfd, int fd);
// Waits at most `timeout_ms`; at most 256 events per call.
int cepoll_wait(int epfd, cepoll_event *events, int max_events, int timeout_ms);

// Non-blocking, close-on-exec listening socket bound to host:port (IPv4 or IPv6
// literal or name). `reuse_port` lets several loops bind the same port.
int cepoll_listen(const char *host, int port, int reuse_port, int backlog);
// The port a bound socket actually got (for port 0).
int cepoll_local_port(int fd);
// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC, TCP_NODELAY set on the new socket.
int cepoll_accept(int listen_fd);

ssize_t cepoll_send(int fd, const void *bytes, size_t count);  // MSG_NOSIGNAL
ssize_t cepoll_recv(int fd, void *bytes, size_t count);
int cepoll_shutdown_write(int fd);

int cepoll_eventfd(void);                 // non-blocking, close-on-exec
int cepoll_eventfd_signal(int fd);        // adds 1
uint64_t cepoll_eventfd_drain(int fd);    // reads and resets; 0 if nothing

void cepoll_ignore_sigpipe(void);
// SIGTERM and SIGINT add 1 to the eventfd `fd` instead of killing the process.
int cepoll_notify_stop_signals(int fd);
void cepoll_restore_stop_signals(void);

// Starts a detached-or-joinable thread with the given stack size (bytes).
typedef void (*cepoll_thread_body)(void *context);
int cepoll_thread_start(cepoll_thread_body body, void *context, size_t stack_bytes, uint64_t *thread_out);
int cepoll_thread_join(uint64_t thread);

// Monotonic and wall clocks.
uint64_t cepoll_monotonic_ns(void);
int64_t cepoll_wall_seconds(void);
// IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), 29 bytes, no terminator.
void cepoll_http_date(int64_t seconds, char out[29]);
// RFC 3339 UTC with milliseconds ("2024-05-01T12:00:00.123Z"), 24 bytes.
void cepoll_rfc3339_now(char out[24]);

int cepoll_cpu_count(void);
/// Gives the allocator's free pages back to the system (glibc malloc_trim(0), every arena); 0 elsewhere.
int cepoll_release_free_memory(void);
/// Allocations of at least `bytes` get their own mapping, returned to the system when freed
/// (glibc mallopt M_MMAP_THRESHOLD; a set value also stops glibc raising it on its own). 0 elsewhere.
int cepoll_set_mmap_threshold(int bytes);
#endif
