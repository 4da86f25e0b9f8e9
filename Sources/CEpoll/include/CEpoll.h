#ifndef CEPOLL_H
#define CEPOLL_H
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <signal.h>
#endif
