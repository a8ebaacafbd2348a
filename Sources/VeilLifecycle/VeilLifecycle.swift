// VeilLifecycle module
