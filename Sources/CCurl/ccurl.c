// CCurl: libcurl resolved with dlopen/dlsym on first use, and typed non-variadic wrappers.
#define _GNU_SOURCE
#include "CCurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_pause)(CURL *, int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256] = "libcurl not loaded";

#define RESOLVE(field, symbol) \
    if (!(*(void **)&api.field = dlsym(library, symbol))) { \
        snprintf(load_error, sizeof load_error, "libcurl lacks %s", symbol); return; }

static void load_library(void) {
    // RTLD_LAZY: libcurl and most of its ~30 libraries are linked BIND_NOW and are bound at once
    // anyway; the few that are not (Kerberos, LDAP, SASL: features Lyra never uses) are then bound
    // call by call instead of in full on the load's critical path (~1 ms of a one-shot). Every
    // function Lyra calls is checked with dlsym below.
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "cannot load libcurl.so.4 (install libcurl4)");
        return;
    }
    RESOLVE(global_init, "curl_global_init")
    RESOLVE(easy_init, "curl_easy_init")
    RESOLVE(easy_cleanup, "curl_easy_cleanup")
    RESOLVE(easy_setopt, "curl_easy_setopt")
    RESOLVE(easy_getinfo, "curl_easy_getinfo")
    RESOLVE(easy_strerror, "curl_easy_strerror")
    RESOLVE(easy_pause, "curl_easy_pause")
    RESOLVE(slist_append, "curl_slist_append")
    RESOLVE(slist_free_all, "curl_slist_free_all")
    RESOLVE(multi_init, "curl_multi_init")
    RESOLVE(multi_setopt, "curl_multi_setopt")
    RESOLVE(multi_add_handle, "curl_multi_add_handle")
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle")
    RESOLVE(multi_perform, "curl_multi_perform")
    RESOLVE(multi_poll, "curl_multi_poll")
    RESOLVE(multi_wakeup, "curl_multi_wakeup")
    RESOLVE(multi_info_read, "curl_multi_info_read")
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "libcurl failed to initialise");
        return;
    }
    load_error[0] = 0;
}

int ccurl_load(char *error, size_t capacity) {
    pthread_once(&load_once, load_library);
    if (load_error[0] == 0) return 0;
    if (error && capacity > 0) snprintf(error, capacity, "%s", load_error);
    return -1;
}

void ccurl_name_current_thread(const char *name) { pthread_setname_np(pthread_self(), name); }

CURL *ccurl_easy_init(void) { return api.easy_init(); }
void ccurl_easy_cleanup(CURL *easy) { api.easy_cleanup(easy); }
CURLcode ccurl_setopt_long(CURL *easy, CURLoption option, long value) { return api.easy_setopt(easy, option, value); }
CURLcode ccurl_setopt_off(CURL *easy, CURLoption option, curl_off_t value) { return api.easy_setopt(easy, option, value); }
CURLcode ccurl_setopt_pointer(CURL *easy, CURLoption option, const void *value) { return api.easy_setopt(easy, option, value); }

CURLcode ccurl_set_callbacks(CURL *easy, ccurl_data_fn write, ccurl_data_fn header,
                             ccurl_data_fn read, ccurl_seek_fn seek, void *userdata) {
    CURLcode code = api.easy_setopt(easy, CURLOPT_WRITEFUNCTION, write);
    if (code == CURLE_OK) code = api.easy_setopt(easy, CURLOPT_WRITEDATA, userdata);
    if (code == CURLE_OK) code = api.easy_setopt(easy, CURLOPT_HEADERFUNCTION, header);
    if (code == CURLE_OK) code = api.easy_setopt(easy, CURLOPT_HEADERDATA, userdata);
    if (code == CURLE_OK && read) code = api.easy_setopt(easy, CURLOPT_READFUNCTION, read);
    if (code == CURLE_OK && read) code = api.easy_setopt(easy, CURLOPT_READDATA, userdata);
    if (code == CURLE_OK && seek) code = api.easy_setopt(easy, CURLOPT_SEEKFUNCTION, seek);
    if (code == CURLE_OK && seek) code = api.easy_setopt(easy, CURLOPT_SEEKDATA, userdata);
    return code;
}

long ccurl_info_long(CURL *easy, CURLINFO info) {
    long value = 0;
    if (api.easy_getinfo(easy, info, &value) != CURLE_OK) return -1;
    return value;
}

const char *ccurl_strerror(CURLcode code) { return api.easy_strerror(code); }
CURLcode ccurl_easy_pause(CURL *easy, int bitmask) { return api.easy_pause(easy, bitmask); }
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) { return api.slist_append(list, line); }
void ccurl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLM *ccurl_multi_init(void) { return api.multi_init(); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) { return api.multi_setopt(multi, option, value); }
CURLMcode ccurl_multi_add(CURLM *multi, CURL *easy) { return api.multi_add_handle(multi, easy); }
CURLMcode ccurl_multi_remove(CURLM *multi, CURL *easy) { return api.multi_remove_handle(multi, easy); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return api.multi_perform(multi, running); }
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms) { return api.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return api.multi_wakeup(multi); }

int ccurl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
    int queued = 0;
    CURLMsg *message;
    while ((message = api.multi_info_read(multi, &queued)) != NULL) {
        if (message->msg != CURLMSG_DONE) continue;
        *easy = message->easy_handle;
        *result = message->data.result;
        return 1;
    }
    return 0;
}
