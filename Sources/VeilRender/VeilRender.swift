// VeilRender module
