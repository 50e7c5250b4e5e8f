// CCurl: a thin C shim over libcurl for Swift. libcurl is loaded lazily with dlopen on first use
// (commands that never touch the network do not load it); curl_easy_setopt is variadic, so each
// option kind gets a typed wrapper. No logic lives here.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// Write/header callback: (data, size 1, count, userdata) -> bytes taken (anything else aborts).
typedef size_t (*ccurl_data_fn)(char *data, size_t size, size_t count, void *userdata);
/// Seek callback for request bodies: returns CURL_SEEKFUNC_OK / _FAIL / _CANTSEEK.
typedef int (*ccurl_seek_fn)(void *userdata, curl_off_t offset, int origin);

/// Loads libcurl.so.4 and initialises it (once per process). 0 on success; otherwise a message is
/// copied into `error` (at most `capacity` bytes, NUL-terminated).
int ccurl_load(char *error, size_t capacity);

/// Names the calling thread (shown in /proc/PID/task/TID/comm), e.g. the transport's driver thread.
void ccurl_name_current_thread(const char *name);

/// curl_easy_init.
CURL *ccurl_easy_init(void);
/// curl_easy_cleanup.
void ccurl_easy_cleanup(CURL *easy);
/// curl_easy_setopt with a long value.
CURLcode ccurl_setopt_long(CURL *easy, CURLoption option, long value);
/// curl_easy_setopt with a curl_off_t value.
CURLcode ccurl_setopt_off(CURL *easy, CURLoption option, curl_off_t value);
/// curl_easy_setopt with a string (libcurl copies it) or a pointer value.
CURLcode ccurl_setopt_pointer(CURL *easy, CURLoption option, const void *value);
/// Sets the write, header, read and seek callbacks (read/seek may be NULL) with one userdata.
CURLcode ccurl_set_callbacks(CURL *easy, ccurl_data_fn write, ccurl_data_fn header,
                             ccurl_data_fn read, ccurl_seek_fn seek, void *userdata);
/// curl_easy_getinfo for a long.
long ccurl_info_long(CURL *easy, CURLINFO info);
/// curl_easy_strerror.
const char *ccurl_strerror(CURLcode code);
/// curl_slist_append (returns NULL on failure, leaving `list` intact).
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line);
/// curl_slist_free_all.
void ccurl_slist_free_all(struct curl_slist *list);

/// curl_multi_init.
CURLM *ccurl_multi_init(void);
/// curl_multi_setopt with a long value.
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
/// curl_multi_add_handle.
CURLMcode ccurl_multi_add(CURLM *multi, CURL *easy);
/// curl_multi_remove_handle.
CURLMcode ccurl_multi_remove(CURLM *multi, CURL *easy);
/// curl_multi_perform.
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
/// curl_multi_poll with no extra descriptors.
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms);
/// curl_easy_pause (on the driver thread: CURLPAUSE_RECV to stop reading, CURLPAUSE_CONT to go on).
CURLcode ccurl_easy_pause(CURL *easy, int bitmask);
/// curl_multi_wakeup (safe from any thread).
CURLMcode ccurl_multi_wakeup(CURLM *multi);
/// The next finished transfer: 1 with `easy` and `result` set, 0 when there is none.
int ccurl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result);

#endif
