#define _GNU_SOURCE
#include "CEpoll.h"
#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

int cepoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static int ctl(int epfd, int op, int fd, uint32_t events, uint64_t data) {
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = events;
    ev.data.u64 = data;
    return epoll_ctl(epfd, op, fd, &ev);
}

int cepoll_add(int epfd, int fd, uint32_t events, uint64_t data) { return ctl(epfd, EPOLL_CTL_ADD, fd, events, data); }
int cepoll_modify(int epfd, int fd, uint32_t events, uint64_t data) { return ctl(epfd, EPOLL_CTL_MOD, fd, events, data); }
int cepoll_remove(int epfd, int fd) { return ctl(epfd, EPOLL_CTL_DEL, fd, 0, 0); }

int cepoll_wait(int epfd, cepoll_event *events, int max_events, int timeout_ms) {
    struct epoll_event raw[256];
    if (max_events > 256) max_events = 256;
    int n;
    do { n = epoll_wait(epfd, raw, max_events, timeout_ms); } while (n < 0 && errno == EINTR);
    for (int i = 0; i < n; i++) {
        events[i].events = raw[i].events;
        events[i].data = raw[i].data.u64;
    }
    return n;
}

int cepoll_listen(const char *host, int port, int reuse_port, int backlog) {
    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    int rc = getaddrinfo(host, service, &hints, &found);
    if (rc != 0) { errno = EADDRNOTAVAIL; return -1; }
    int fd = -1;
    for (struct addrinfo *a = found; a != NULL; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (reuse_port) setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
        if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, backlog) == 0) break;
        int saved = errno;
        close(fd);
        fd = -1;
        errno = saved;
    }
    freeaddrinfo(found);
    return fd;
}

int cepoll_local_port(int fd) {
    struct sockaddr_storage addr;
    socklen_t len = sizeof addr;
    if (getsockname(fd, (struct sockaddr *)&addr, &len) != 0) return -1;
    if (addr.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&addr)->sin_port);
    if (addr.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&addr)->sin6_port);
    return -1;
}

int cepoll_accept(int listen_fd) {
    int fd = accept4(listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    return fd;
}

ssize_t cepoll_send(int fd, const void *bytes, size_t count) {
    ssize_t n;
    do { n = send(fd, bytes, count, MSG_NOSIGNAL); } while (n < 0 && errno == EINTR);
    return n;
}

ssize_t cepoll_recv(int fd, void *bytes, size_t count) {
    ssize_t n;
    do { n = recv(fd, bytes, count, 0); } while (n < 0 && errno == EINTR);
    return n;
}

int cepoll_shutdown_write(int fd) { return shutdown(fd, SHUT_WR); }

int cepoll_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int cepoll_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t n;
    do { n = write(fd, &one, sizeof one); } while (n < 0 && errno == EINTR);
    return n == sizeof one ? 0 : -1;
}

uint64_t cepoll_eventfd_drain(int fd) {
    uint64_t value = 0;
    if (read(fd, &value, sizeof value) != sizeof value) return 0;
    return value;
}

void cepoll_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

static volatile int stop_fd = -1;

static void on_stop_signal(int sig) {
    (void)sig;
    int saved = errno;
    uint64_t one = 1;
    if (stop_fd >= 0) { ssize_t ignored = write(stop_fd, &one, sizeof one); (void)ignored; }
    errno = saved;
}

int cepoll_notify_stop_signals(int fd) {
    stop_fd = fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGTERM, &sa, NULL) != 0) return -1;
    return sigaction(SIGINT, &sa, NULL);
}

void cepoll_restore_stop_signals(void) {
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    stop_fd = -1;
}

typedef struct { cepoll_thread_body body; void *context; } thread_start;

static void *thread_main(void *raw) {
    thread_start start = *(thread_start *)raw;
    free(raw);
    start.body(start.context);
    return NULL;
}

int cepoll_thread_start(cepoll_thread_body body, void *context, size_t stack_bytes, uint64_t *thread_out) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    int rc = pthread_attr_setstacksize(&attr, stack_bytes);
    if (rc != 0) { pthread_attr_destroy(&attr); errno = rc; return -1; }
    thread_start *start = malloc(sizeof *start);
    if (start == NULL) { pthread_attr_destroy(&attr); errno = ENOMEM; return -1; }
    start->body = body;
    start->context = context;
    pthread_t thread;
    rc = pthread_create(&thread, &attr, thread_main, start);
    pthread_attr_destroy(&attr);
    if (rc != 0) { free(start); errno = rc; return -1; }
    *thread_out = (uint64_t)thread;
    return 0;
}

int cepoll_thread_join(uint64_t thread) { return pthread_join((pthread_t)thread, NULL); }

uint64_t cepoll_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int64_t cepoll_wall_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME_COARSE, &ts);
    return (int64_t)ts.tv_sec;
}

void cepoll_http_date(int64_t seconds, char out[29]) {
    static const char days[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    time_t t = (time_t)seconds;
    struct tm tm;
    gmtime_r(&t, &tm);
    char text[40];
    snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d GMT", days[tm.tm_wday], tm.tm_mday,
             months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
    memcpy(out, text, 29);
}

void cepoll_rfc3339_now(char out[24]) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    gmtime_r(&ts.tv_sec, &tm);
    char text[40];
    snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
             tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(ts.tv_nsec / 1000000));
    memcpy(out, text, 24);
}

int cepoll_cpu_count(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

int cepoll_release_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

int cepoll_set_mmap_threshold(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}
