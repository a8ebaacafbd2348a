// VeilRedaction module
