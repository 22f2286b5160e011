package org.merrills.serve;

/** A request the API refuses, with the error answer it gets. */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ApiError error;

    public ApiException(ApiError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    public static ApiException of(int status, String field, String message) {
        return new ApiException(ApiError.of(status, field, message));
    }

    public ApiError error() {
        return error;
    }
}
